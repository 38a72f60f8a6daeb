import { HandHeart, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TabPanel, Tabs, type TabOption } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { listingTypeName, plantTypeName } from '../api/labels';
import { useListingPlantTypes, useListings, type ListingTab } from '../api/get-listings';
import { LISTING_TYPES, PLANT_TYPES } from '../api/types';
import { ListingCard } from '../components/listing-card';
import '@/components/ui/tile.css';
import '../sharing.css';

const TABS: { value: ListingTab; label: MessageKey }[] = [
  { value: 'all', label: 'sharing.tab.all' },
  { value: 'Free', label: 'sharing.type.free' },
  { value: 'Swap', label: 'sharing.type.swap' },
  { value: 'Sell', label: 'sharing.tab.sell' },
  { value: 'mine', label: 'sharing.tab.mine' },
];

function CardsSkeleton() {
  return (
    <div className="tile-grid">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="tile">
          <Skeleton height={150} radius={0} />
          <div className="tile__body listing-card__body">
            <Skeleton width="40%" height={18} />
            <Skeleton width="70%" height={20} />
            <Skeleton height={34} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** PlantSharingPage (/community/plant-sharing): listings to give away, swap or sell. */
export function PlantSharingPage() {
  const t = useT();
  useDocumentTitle(t('nav.plantSharing'));
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const requested = (params.get('tab') ?? 'all') as ListingTab;
  const tab = TABS.some((o) => o.value === requested) && (requested !== 'mine' || signedIn) ? requested : 'all';
  const [search, setSearch] = useState('');
  const [plantType, setPlantType] = useState('');
  const [listingType, setListingType] = useState('');
  const query = useDebounced(search);
  const listings = useListings({ search: query, plantType, listingType, tab });
  const types = useListingPlantTypes();

  // The fixed four, then any other type found (from the server, and in the loaded listings).
  const plantTypes = useMemo(() => {
    const extra = new Set<string>([...(types.data ?? []), ...listings.items.map((l) => l.plantType)]);
    PLANT_TYPES.forEach((type) => extra.delete(type));
    return [...PLANT_TYPES, ...Array.from(extra).filter(Boolean).sort((a, b) => a.localeCompare(b))];
  }, [types.data, listings.items]);

  const filtered = Boolean(query.trim() || plantType || (listingType && (tab === 'all' || tab === 'mine')));
  const clear = () => {
    setSearch('');
    setPlantType('');
    setListingType('');
  };
  const tabs: TabOption<ListingTab>[] = TABS.filter((o) => signedIn || o.value !== 'mine').map((o) => ({ value: o.value, label: t(o.label) }));

  return (
    <div className="sharing-page">
      <PageHeader
        title={t('nav.plantSharing')}
        description={t('sharing.list.description')}
        actions={
          <Link to="/community/plant-sharing/new" className={buttonClass('primary')}>
            <Plus size={18} aria-hidden="true" />
            {t('sharing.new.title')}
          </Link>
        }
      />
      <SearchToolbar className="sharing-toolbar" label={t('sharing.list.search')} placeholder={t('sharing.list.searchPlaceholder')} value={search} onChange={setSearch}>
        <SelectField label={t('sharing.form.plantType')} value={plantType} onChange={(e) => setPlantType(e.target.value)}>
          <option value="">{t('sharing.list.allTypes')}</option>
          {plantTypes.map((type) => (
            <option key={type} value={type}>
              {plantTypeName(type)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('sharing.form.listingType')}
          value={tab === 'all' || tab === 'mine' ? listingType : tab}
          disabled={tab !== 'all' && tab !== 'mine'}
          onChange={(e) => setListingType(e.target.value)}
        >
          <option value="">{t('sharing.list.all')}</option>
          {LISTING_TYPES.map((type) => (
            <option key={type} value={type}>
              {listingTypeName(type)}
            </option>
          ))}
        </SelectField>
      </SearchToolbar>
      <Tabs
        options={tabs}
        value={tab}
        label={t('sharing.list.label')}
        idBase="sharing"
        onChange={(value) => setParams(value === 'all' ? {} : { tab: value }, { replace: true })}
      />
      <TabPanel idBase="sharing" value={tab}>
        <PagedListStates
          list={listings}
          filtered={filtered}
          loading={{ label: t('sharing.list.loading'), skeleton: <CardsSkeleton /> }}
          errorTitle={t('sharing.list.failedTitle')}
          errorText={t('sharing.list.failed')}
          empty={{
            icon: <HandHeart size={26} />,
            title: t('sharing.list.none'),
            text: tab === 'mine' ? t('sharing.list.noneMine') : t('sharing.list.noneText'),
            action: (
              <Link to="/community/plant-sharing/new" className={buttonClass('outline')}>
                {t('sharing.new.title')}
              </Link>
            ),
          }}
          noResultsState={{ text: t('sharing.list.noResults'), onClear: clear }}
        >
          <ul className="tile-grid" aria-label={t('sharing.list.listings')}>
            {listings.items.map((l) => (
              <li key={l.id}>
                <ListingCard listing={l} />
              </li>
            ))}
          </ul>
        </PagedListStates>
      </TabPanel>
    </div>
  );
}
