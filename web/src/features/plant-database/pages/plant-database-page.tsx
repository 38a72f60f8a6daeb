import { CloudOff, Database, RefreshCw, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePlantDatabase } from '@/api/plant-database/get-plant-database';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { SearchField } from '@/components/ui/search-field';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { hasRole, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CATEGORY_OPTIONS, categoryFromParam, filterItems, type Category } from '../components/categories';
import { PlantDatabaseCard } from '../components/plant-database-card';
import '../components/plant-database-card.css';
import './plant-database-page.css';

/** The error text of spec 01 §2. */
export const DATABASE_LOAD_ERROR = 'Failed to load plant database items';

const TABS_ID = 'plant-category';

function GridSkeleton() {
  return (
    <LoadingRegion label="Loading the plant database…" className="db-grid">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="db-card">
          <div className="db-card__media">
            <Skeleton className="db-card__image" height="auto" radius={0} />
          </div>
          <div className="db-card__body">
            <div className="db-card__head db-card__skeleton-lines">
              <Skeleton width="70%" height={20} />
              <Skeleton width="45%" height={14} />
              <Skeleton width={72} height={20} radius={999} />
            </div>
            <div className="db-card__facts">
              <Skeleton height={36} />
              <Skeleton height={36} />
            </div>
            <div className="db-card__actions">
              <Skeleton height={34} />
            </div>
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

/**
 * PlantDatabasePage (/plant-database): search, category tabs kept in `?category=`
 * (a dropdown on small screens) and a card per species with Add to My Plants.
 */
export function PlantDatabasePage() {
  useDocumentTitle('Plant Database');
  const { user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const category = categoryFromParam(params.get('category'));
  const [search, setSearch] = useState('');
  const items = usePlantDatabase(true);
  const all = useMemo(() => items.data ?? [], [items.data]);
  const visible = useMemo(() => filterItems(all, category, search), [all, category, search]);

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
  const categoryLabel = CATEGORY_OPTIONS.find((o) => o.value === category)?.label ?? 'All Plants';

  let content;
  if (items.isLoading) {
    content = <GridSkeleton />;
  } else if (items.error) {
    content = (
      <EmptyState
        icon={<CloudOff size={26} />}
        title={DATABASE_LOAD_ERROR}
        action={
          <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void items.mutate()}>
            Try again
          </Button>
        }
      >
        Something went wrong while loading the plant database. Please try again.
      </EmptyState>
    );
  } else if (all.length === 0) {
    content = (
      <EmptyState
        icon={<Database size={26} />}
        title="The plant database is empty"
        action={
          hasRole(user, 'admin') ? (
            <Link to="/admin/plant-database?tab=ecommerce" className={buttonClass('primary')}>
              Import from the seed store
            </Link>
          ) : undefined
        }
      >
        No plant species have been added yet. An administrator can import them from the seed store or add them by
        hand on the Plant Database administration page.
      </EmptyState>
    );
  } else if (visible.length === 0) {
    content = (
      <EmptyState
        icon={<SearchX size={26} />}
        title="No Results Found"
        action={
          <Button
            variant="outline"
            onClick={() => {
              setSearch('');
              setCategory('all');
            }}
          >
            Show all plants
          </Button>
        }
      >
        {search.trim()
          ? `No plants in ${categoryLabel} match “${search.trim()}”.`
          : `There are no plants in ${categoryLabel} yet.`}
      </EmptyState>
    );
  } else {
    content = (
      <ul className="db-grid" aria-label="Plant database">
        {visible.map((item) => (
          <li key={item.id} className="db-grid__item">
            <PlantDatabaseCard item={item} from={from} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="plant-db-page">
      <PageHeader
        title="Plant Database"
        description="Browse plant species with their light and water needs, and add any of them to your garden."
      />
      <div className="plant-db-toolbar">
        <div className="plant-db-toolbar__search" role="search">
          <SearchField
            label="Search the plant database"
            placeholder="Name or scientific name"
            value={search}
            onChange={(value) => setSearch(value)}
          />
        </div>
        <Tabs
          idBase={TABS_ID}
          label="Plant category"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={setCategory}
        />
      </div>
      <TabPanel idBase={TABS_ID} value={category}>
        {!items.isLoading && !items.error && visible.length > 0 ? (
          <p className="plant-db-page__count" aria-live="polite">
            {visible.length === all.length
              ? `${all.length} ${all.length === 1 ? 'plant' : 'plants'}`
              : `Showing ${visible.length} of ${all.length} plants`}
          </p>
        ) : null}
        {content}
      </TabPanel>
    </div>
  );
}
