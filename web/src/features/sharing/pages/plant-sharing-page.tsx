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
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListingPlantTypes, useListings, type ListingTab } from '../api/get-listings';
import { LISTING_TYPES, PLANT_TYPES } from '../api/types';
import { ListingCard } from '../components/listing-card';
import '@/components/ui/tile.css';
import '../sharing.css';

const TABS: TabOption<ListingTab>[] = [
  { value: 'all', label: 'All Listings' },
  { value: 'Free', label: 'Free' },
  { value: 'Swap', label: 'Swap' },
  { value: 'Sell', label: 'For Sale' },
  { value: 'mine', label: 'My Listings' },
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
  useDocumentTitle('Plant Sharing');
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const [params, setParams] = useSearchParams();
  const requested = (params.get('tab') ?? 'all') as ListingTab;
  const tab = TABS.some((t) => t.value === requested) && (requested !== 'mine' || signedIn) ? requested : 'all';
  const [search, setSearch] = useState('');
  const [plantType, setPlantType] = useState('');
  const [listingType, setListingType] = useState('');
  const query = useDebounced(search);
  const listings = useListings({ search: query, plantType, listingType, tab });
  const types = useListingPlantTypes();

  // The fixed four, then any other type found (from the server, and in the loaded listings).
  const plantTypes = useMemo(() => {
    const extra = new Set<string>([...(types.data ?? []), ...listings.items.map((l) => l.plantType)]);
    PLANT_TYPES.forEach((t) => extra.delete(t));
    return [...PLANT_TYPES, ...Array.from(extra).filter(Boolean).sort((a, b) => a.localeCompare(b))];
  }, [types.data, listings.items]);

  const filtered = Boolean(query.trim() || plantType || (listingType && (tab === 'all' || tab === 'mine')));
  const clear = () => {
    setSearch('');
    setPlantType('');
    setListingType('');
  };
  const tabs = signedIn ? TABS : TABS.filter((t) => t.value !== 'mine');

  return (
    <div className="sharing-page">
      <PageHeader
        title="Plant Sharing"
        description="Give away, swap or sell plants with gardeners near you."
        actions={
          <Link to="/community/plant-sharing/new" className={buttonClass('primary')}>
            <Plus size={18} aria-hidden="true" />
            New Listing
          </Link>
        }
      />
      <SearchToolbar className="sharing-toolbar" label="Search listings" placeholder="Search by title, plant or description" value={search} onChange={setSearch}>
        <SelectField label="Plant type" value={plantType} onChange={(e) => setPlantType(e.target.value)}>
          <option value="">All Types</option>
          {plantTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Listing type"
          value={tab === 'all' || tab === 'mine' ? listingType : tab}
          disabled={tab !== 'all' && tab !== 'mine'}
          onChange={(e) => setListingType(e.target.value)}
        >
          <option value="">All</option>
          {LISTING_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      </SearchToolbar>
      <Tabs
        options={tabs}
        value={tab}
        label="Listings"
        idBase="sharing"
        onChange={(value) => setParams(value === 'all' ? {} : { tab: value }, { replace: true })}
      />
      <TabPanel idBase="sharing" value={tab}>
        <PagedListStates
          list={listings}
          filtered={filtered}
          loading={{ label: 'Loading plant listings…', skeleton: <CardsSkeleton /> }}
          errorTitle="Failed to load plant listings"
          errorText="Failed to load plant listings. Please try again later."
          empty={{
            icon: <HandHeart size={26} />,
            title: 'No listings found',
            text:
              tab === 'mine'
                ? 'You have not listed any plants yet. Share a cutting, a seedling or your surplus.'
                : 'Be the first to share a plant: create a new listing.',
            action: (
              <Link to="/community/plant-sharing/new" className={buttonClass('outline')}>
                New Listing
              </Link>
            ),
          }}
          noResultsState={{ text: 'No listings found. Try another search or filter.', onClear: clear }}
        >
          <ul className="tile-grid" aria-label="Plant listings">
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
