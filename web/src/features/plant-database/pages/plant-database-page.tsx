import { Database } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePlantDatabasePages } from '@/api/plant-database/get-plant-database-pages';
import { buttonClass } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SearchField } from '@/components/ui/search-field';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { hasRole, useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CATEGORY_OPTIONS, categoryFromParam, type Category } from '../components/categories';
import { PlantDatabaseCard } from '../components/plant-database-card';
import '@/components/ui/tile.css';
import '../components/plant-database-card.css';
import './plant-database-page.css';

/** The error text of spec 01 §2. */
export const DATABASE_LOAD_ERROR: MessageKey = 'plantdb.list.failed';

/** Cards per page: a few screens' worth; "Load more" reads the next. */
export const DATABASE_PAGE_SIZE = 24;

const TABS_ID = 'plant-category';

/** Card-shaped skeletons for the loading state (ListStates wraps them in the labelled region). */
function GridSkeleton() {
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="tile db-card">
          <div className="tile__media">
            <Skeleton className="tile__image" height="auto" radius={0} />
          </div>
          <div className="tile__body">
            <div className="db-card__head db-card__skeleton-lines">
              <Skeleton width="70%" height={20} />
              <Skeleton width="45%" height={14} />
              <Skeleton width={72} height={20} radius={999} />
            </div>
            <div className="tile__facts">
              <Skeleton height={36} />
              <Skeleton height={36} />
            </div>
            <div className="db-card__actions">
              <Skeleton height={34} />
            </div>
          </div>
        </div>
      ))}
    </>
  );
}

/**
 * PlantDatabasePage (/plant-database): search, category tabs kept in `?category=`
 * (a dropdown on small screens) and a card per species with Add to My Plants. The server
 * searches, filters by type and pages the list; the page reads one page at a time.
 */
export function PlantDatabasePage() {
  const t = useT();
  useDocumentTitle(t('nav.plantDatabase'));
  const { user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get('category'));
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const type = CATEGORY_OPTIONS.find((o) => o.value === category)?.type ?? null;
  const items = usePlantDatabasePages({ q, type, limit: DATABASE_PAGE_SIZE });

  const setCategory = (next: Category) => {
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next === 'all') out.delete('category');
        else out.set('category', next);
        return out;
      },
      { replace: true },
    );
  };

  const from = `${location.pathname}${location.search}`;
  const categoryLabel = t(CATEGORY_OPTIONS.find((o) => o.value === category)?.label ?? 'plantdb.category.all');
  const tabs = CATEGORY_OPTIONS.map((o) => ({ ...o, label: t(o.label) }));
  const filtered = Boolean(q) || category !== 'all';

  return (
    <div className="plant-db-page">
      <PageHeader
        title={t('nav.plantDatabase')}
        description={t('plantdb.list.description')}
      />
      <div className="plant-db-toolbar">
        <div className="plant-db-toolbar__search" role="search">
          <SearchField
            label={t('plantdb.list.search')}
            placeholder={t('plantdb.list.searchHint')}
            value={search}
            onChange={(value) => setSearch(value)}
          />
        </div>
        <Tabs idBase={TABS_ID} label={t('plantdb.list.category')} options={tabs} value={category} onChange={setCategory} />
      </div>
      <TabPanel idBase={TABS_ID} value={category}>
        <ListStates
          query={items}
          isEmpty={!filtered && items.items.length === 0}
          noResults={items.items.length === 0}
          loading={{ label: t('plantdb.list.loading'), skeleton: <GridSkeleton />, className: 'tile-grid db-grid' }}
          errorTitle={t(DATABASE_LOAD_ERROR)}
          errorText={t('plantdb.list.failedText')}
          empty={{
            icon: <Database size={26} />,
            title: t('plantdb.list.empty'),
            text: t('plantdb.list.emptyText'),
            action: hasRole(user, 'admin') ? (
              <Link to="/admin/plant-database?tab=ecommerce" className={buttonClass('primary')}>
                {t('plantdb.list.import')}
              </Link>
            ) : undefined,
          }}
          noResultsState={{
            text: q ? t('plantdb.list.noMatch', { category: categoryLabel, q }) : t('plantdb.list.noneInCategory', { category: categoryLabel }),
            onClear: () => {
              setSearch('');
              setCategory('all');
            },
            clearLabel: t('plantdb.list.showAll'),
          }}
          pager={items}
        >
          <ul className="tile-grid db-grid" aria-label={t('plantdb.list.label')}>
            {items.items.map((item) => (
              <li key={item.id}>
                <PlantDatabaseCard item={item} from={from} />
              </li>
            ))}
          </ul>
        </ListStates>
      </TabPanel>
    </div>
  );
}

// The Sowing Calendar's route loads it from this module (see app/routes/routes.tsx).
export { SowingCalendarPage } from './sowing-calendar-page';
