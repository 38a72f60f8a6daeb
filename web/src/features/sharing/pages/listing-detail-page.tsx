import { ArrowLeft, CalendarClock, LogIn, MapPin, Package, Sprout } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { useRefresh } from '@/api/query';
import { PlantImage } from '@/components/plant-image/plant-image';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { initials } from '@/lib/format';
import { useSession } from '@/lib/session';
import { timeAgo } from '@/lib/time-ago';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isPlantSharingKey, useListing } from '../api/get-listings';
import { addListingToMyPlants } from '../api/manage-listing';
import type { Listing } from '../api/types';
import { listingTypeLabel } from '../components/listing-card';
import { ListingManagement } from '../components/listing-management';
import { MessagesPanel } from '../components/messages-panel';
import '../sharing.css';

function BackLink() {
  return (
    <Link to="/community/plant-sharing" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      Back to Plant Sharing
    </Link>
  );
}

function AddToMyPlants({ listing }: { listing: Listing }) {
  const { toast } = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  return (
    <Card aria-label="This plant is yours">
      <CardHeader icon={<Sprout size={18} />} title="This plant is yours" description={`${listing.username} marked this listing as completed with you.`} />
      <CardBody className="listing-actions">
        <Button
          loading={pending}
          onClick={async () => {
            setPending(true);
            try {
              const plant = await addListingToMyPlants(listing.id);
              toast({ title: 'Added to My Plants', variant: 'success' });
              await refresh(isPlantSharingKey, (k) => k.startsWith('/api/plants'));
              navigate(`/plants/${plant.id}`);
            } catch (error) {
              toast({ title: 'Could not add the plant', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
            } finally {
              setPending(false);
            }
          }}
        >
          Add to My Plants
        </Button>
      </CardBody>
    </Card>
  );
}

// Edit Listing is this route with ?edit=1 (as a plant's /plants/{id}?edit=1): no route of its
// own in the first page's route table, and its form loads only when asked for.
const EditListingPage = lazy(() => import('./edit-listing-page').then((m) => ({ default: m.EditListingPage })));

/** ListingDetailPage (/community/plant-sharing/{id}); with ?edit=1 the owner's Edit Listing. */
export function ListingDetailPage() {
  const [params] = useSearchParams();
  if (params.get('edit') === '1') {
    return (
      <Suspense fallback={null}>
        <EditListingPage />
      </Suspense>
    );
  }
  return <ListingDetail />;
}

function ListingDetail() {
  const { id } = useParams();
  const listing = useListing(id);
  const { status, user } = useSession();
  const location = useLocation();
  useDocumentTitle(listing.data?.title ?? 'Plant Sharing');

  if (listing.isLoading) {
    return (
      <div className="listing-detail">
        <BackLink />
        <LoadingRegion label="Loading listing…" className="listing-hero">
          <Skeleton height={260} />
          <div className="listing-hero__text">
            <Skeleton width="60%" height={28} />
            <Skeleton width="40%" height={18} />
            <Skeleton height={80} />
          </div>
        </LoadingRegion>
      </div>
    );
  }
  if (listing.error || !listing.data) {
    return (
      <div className="listing-detail">
        <BackLink />
        <EmptyState icon={<Package size={26} />} title="Listing not available">
          Failed to load listing details. This listing may not exist or has been removed.
        </EmptyState>
      </div>
    );
  }
  const l = listing.data;
  const closed = l.status === 'Closed';
  const available = !closed && !l.isExpired;
  const signedIn = status === 'signed-in' && user;
  const signInTo = `/auth?redirect=${encodeURIComponent(location.pathname)}`;

  return (
    <div className="listing-detail">
      <BackLink />
      <article className="listing-hero" aria-labelledby="listing-title">
        <div className="listing-hero__media">
          <PlantImage src={l.imageUrl} alt={l.title} className="listing-hero__image" iconSize={56} />
          {closed || l.isExpired ? <span className="listing-hero__overlay">{closed ? 'COMPLETED' : 'EXPIRED'}</span> : null}
        </div>
        <div className="listing-hero__text">
          <div className="listing-hero__badges">
            <Badge tone={l.listingType === 'Sell' ? 'amber' : l.listingType === 'Swap' ? 'blue' : 'green'}>{listingTypeLabel(l)}</Badge>
            <Badge tone="purple">{l.plantType}</Badge>
            {l.location ? <Badge icon={<MapPin size={12} aria-hidden="true" />}>{l.location}</Badge> : null}
            <Badge>Quantity: {l.quantity}</Badge>
          </div>
          <h1 className="listing-hero__title" id="listing-title">
            {l.title}
          </h1>
          <p className="listing-hero__plant">
            {l.plantName}
            {l.species ? <em> · {l.species}</em> : null}
          </p>
          {l.description ? <p className="listing-hero__description">{l.description}</p> : null}
          <p className="listing-hero__dates">
            <span>
              Posted {timeAgo(l.createdAt)}
              {l.edited && l.editedAt ? (
                <span className="listing-hero__edited" title={`Edited ${new Date(l.editedAt).toLocaleString()}`}>
                  {' '}
                  (edited)
                </span>
              ) : null}
            </span>
            <span>
              <CalendarClock size={14} aria-hidden="true" /> {l.isExpired ? 'Expired' : 'Expires'} {formatDate(l.expiresAt)}
            </span>
          </p>
          <div className="listing-owner">
            <span className="avatar" aria-hidden="true">
              {initials(l.username)}
            </span>
            <span>
              Listed by <strong>{l.username}</strong>
            </span>
          </div>
        </div>
      </article>

      {!available ? (
        <Alert variant="warning" title={closed ? 'This listing is no longer available' : 'This listing has expired and cannot be contacted'} />
      ) : null}
      {l.canAddToPlants ? <AddToMyPlants listing={l} /> : null}

      {!signedIn ? (
        <Card aria-label="Contact the Owner">
          <CardHeader title="Contact the Owner" />
          <CardBody>
            <Alert variant="info" title="Sign in to contact the owner">
              You need an account to send messages about listings.
            </Alert>
            <div className="listing-actions">
              <Link to={signInTo} className={buttonClass('primary')}>
                <LogIn size={18} aria-hidden="true" />
                Sign in to Contact
              </Link>
            </div>
          </CardBody>
        </Card>
      ) : l.isOwner ? (
        <div className="listing-detail__grid">
          <ListingManagement listing={l} />
          <MessagesPanel listing={l} myId={user.id} onChange={() => void listing.mutate()} />
        </div>
      ) : (
        <>
          {l.canDelete ? <ListingManagement listing={l} /> : null}
          <MessagesPanel listing={l} myId={user.id} onChange={() => void listing.mutate()} />
        </>
      )}
    </div>
  );
}
