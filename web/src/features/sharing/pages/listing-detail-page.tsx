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
import { timeAgo } from '@/lib/time-ago';
import { formatDate } from '@/lib/dates';
import { initials } from '@/lib/format';
import { useSession } from '@/lib/session';
import { localDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { listingTypeLabel, plantTypeName } from '../api/labels';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isPlantSharingKey, useListing } from '../api/get-listings';
import { addListingToMyPlants } from '../api/manage-listing';
import type { Listing } from '../api/types';
import { ListingManagement } from '../components/listing-management';
import { MessagesPanel } from '../components/messages-panel';
import '../sharing.css';

/** The moment of an edit, as toLocaleString writes it ("11/27/2026, 9:05:00 PM"). */
const EDITED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };

function BackLink() {
  const t = useT();
  return (
    <Link to="/community/plant-sharing" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      {t('sharing.back')}
    </Link>
  );
}

function AddToMyPlants({ listing }: { listing: Listing }) {
  const { toast } = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const t = useT();
  return (
    <Card aria-label={t('sharing.yours.title')}>
      <CardHeader icon={<Sprout size={18} />} title={t('sharing.yours.title')} description={t('sharing.yours.text', { name: listing.username })} />
      <CardBody className="listing-actions">
        <Button
          loading={pending}
          onClick={async () => {
            setPending(true);
            try {
              const plant = await addListingToMyPlants(listing.id);
              toast({ title: t('sharing.yours.added'), variant: 'success' });
              await refresh(isPlantSharingKey, (k) => k.startsWith('/api/plants'));
              navigate(`/plants/${plant.id}`);
            } catch (error) {
              toast({ title: t('sharing.yours.failed'), description: getErrorMessage(error, t('sharing.tryAgain')), variant: 'destructive' });
            } finally {
              setPending(false);
            }
          }}
        >
          {t('sharing.yours.add')}
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
  const t = useT();
  useDocumentTitle(listing.data?.title ?? t('nav.plantSharing'));

  if (listing.isLoading) {
    return (
      <div className="listing-detail">
        <BackLink />
        <LoadingRegion label={t('sharing.detail.loading')} className="listing-hero">
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
        <EmptyState icon={<Package size={26} />} title={t('sharing.detail.unavailable')}>
          {t('sharing.detail.unavailableText')}
        </EmptyState>
      </div>
    );
  }
  const l = listing.data;
  const closed = l.status === 'Closed';
  const available = !closed && !l.isExpired;
  const signedIn = status === 'signed-in' && user;
  const signInTo = `/auth?redirect=${encodeURIComponent(location.pathname)}`;
  // The owner's name is bold inside the sentence, wherever the language puts it.
  const [listedBefore, listedAfter] = t('sharing.detail.listedBy', { name: '\u0000' }).split('\u0000');

  return (
    <div className="listing-detail">
      <BackLink />
      <article className="listing-hero" aria-labelledby="listing-title">
        <div className="listing-hero__media">
          <PlantImage src={l.imageUrl} alt={l.title} className="listing-hero__image" iconSize={56} />
          {closed || l.isExpired ? <span className="listing-hero__overlay">{closed ? t('sharing.completedBadge') : t('sharing.expiredBadge')}</span> : null}
        </div>
        <div className="listing-hero__text">
          <div className="listing-hero__badges">
            <Badge tone={l.listingType === 'Sell' ? 'amber' : l.listingType === 'Swap' ? 'blue' : 'green'}>{listingTypeLabel(l)}</Badge>
            <Badge tone="purple">{plantTypeName(l.plantType)}</Badge>
            {l.location ? <Badge icon={<MapPin size={12} aria-hidden="true" />}>{l.location}</Badge> : null}
            <Badge>{t('sharing.detail.quantity', { quantity: l.quantity })}</Badge>
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
              {t('sharing.posted', { time: timeAgo(l.createdAt) })}
              {l.edited && l.editedAt ? (
                <span className="listing-hero__edited" title={t('sharing.detail.editedAt', { date: localDate(new Date(l.editedAt), EDITED_AT) })}>
                  {' '}
                  {t('sharing.detail.edited')}
                </span>
              ) : null}
            </span>
            <span>
              <CalendarClock size={14} aria-hidden="true" />{' '}
              {t(l.isExpired ? 'sharing.detail.expired' : 'sharing.detail.expires', { date: formatDate(l.expiresAt) })}
            </span>
          </p>
          <div className="listing-owner">
            <span className="avatar" aria-hidden="true">
              {initials(l.username)}
            </span>
            <span>
              {listedBefore}
              <strong>{l.username}</strong>
              {listedAfter}
            </span>
          </div>
        </div>
      </article>

      {!available ? (
        <Alert variant="warning" title={closed ? t('sharing.detail.closed') : t('sharing.detail.expiredText')} />
      ) : null}
      {l.canAddToPlants ? <AddToMyPlants listing={l} /> : null}

      {!signedIn ? (
        <Card aria-label={t('sharing.contact.title')}>
          <CardHeader title={t('sharing.contact.title')} />
          <CardBody>
            <Alert variant="info" title={t('sharing.contact.signIn')}>
              {t('sharing.contact.signInText')}
            </Alert>
            <div className="listing-actions">
              <Link to={signInTo} className={buttonClass('primary')}>
                <LogIn size={18} aria-hidden="true" />
                {t('sharing.contact.signInButton')}
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
