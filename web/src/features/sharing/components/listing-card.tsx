import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { PlantImage } from '@/components/plant-image/plant-image';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { useT } from '@/lib/i18n/provider';
import { fallbackDescription, listingTypeLabel, plantTypeName } from '../api/labels';
import '@/components/ui/tile.css';
import type { Listing } from '../api/types';

const typeTone = { Free: 'green', Swap: 'blue', Sell: 'amber' } as const;

/** ListingCard: one listing of the Plant Sharing list. */
export function ListingCard({ listing }: { listing: Listing }) {
  const done = listing.status === 'Closed';
  const t = useT();
  return (
    <article className="tile listing-card" aria-labelledby={`listing-${listing.id}`}>
      <Link to={`/community/plant-sharing/${listing.id}`} className="tile__media listing-card__media" tabIndex={-1} aria-hidden="true">
        <PlantImage src={listing.imageUrl} alt="" className="tile__image" />
        {done || listing.isExpired ? <span className="listing-card__overlay">{done ? t('sharing.completedBadge') : t('sharing.expiredBadge')}</span> : null}
      </Link>
      <div className="tile__body listing-card__body">
        <div className="listing-card__badges">
          <Badge tone={typeTone[listing.listingType]}>{listingTypeLabel(listing)}</Badge>
          <Badge tone="purple">{plantTypeName(listing.plantType)}</Badge>
        </div>
        <h2 className="listing-card__title" id={`listing-${listing.id}`}>
          {listing.title}
        </h2>
        {listing.location ? (
          <p className="listing-card__meta">
            <MapPin size={14} aria-hidden="true" /> {listing.location}
          </p>
        ) : null}
        <p className="muted-clamp">{listing.description?.trim() || fallbackDescription(listing)}</p>
        <div className="listing-card__footer">
          <span className="listing-card__time">{t('sharing.posted', { time: timeAgo(listing.createdAt) })}</span>
          <Link to={`/community/plant-sharing/${listing.id}`} className={buttonClass('outline', 'sm')}>
            {t('sharing.viewDetails')}
          </Link>
        </div>
      </div>
    </article>
  );
}
