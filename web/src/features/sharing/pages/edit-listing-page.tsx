import { Package } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, SignInRequired } from '@/components/ui/sign-in-required';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListing } from '../api/get-listings';
import { listingFormValues, NewListingForm } from './new-listing-page';
import '../sharing.css';

/**
 * EditListingPage (/community/plant-sharing/{id}?edit=1): the owner corrects an open listing
 * with the New Listing form. The server decides (owner only, open only); the page says so
 * before offering a form that would be refused.
 */
export function EditListingPage() {
  useDocumentTitle('Edit Listing');
  const { id } = useParams();
  const { status } = useSession();
  const listing = useListing(status === 'signed-in' ? id : undefined);
  const back = <BackLink to={id ? `/community/plant-sharing/${id}` : '/community/plant-sharing'}>Back to the listing</BackLink>;
  if (status !== 'signed-in') {
    return (
      <div className="listing-form-page">
        {back}
        <SignInRequired title="Edit Listing" message="You must be logged in to edit a listing" />
      </div>
    );
  }
  if (listing.isLoading) {
    return (
      <div className="listing-form-page">
        {back}
        <LoadingRegion label="Loading listing…" className="listing-form">
          <Skeleton height={320} />
          <Skeleton height={200} />
        </LoadingRegion>
      </div>
    );
  }
  const l = listing.data;
  if (listing.error || !l) {
    return (
      <div className="listing-form-page">
        {back}
        <EmptyState icon={<Package size={26} />} title="Listing not available">
          Failed to load listing details. This listing may not exist or has been removed.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="listing-form-page">
      {back}
      <PageHeader title="Edit Listing" description={l.title} />
      {!l.isOwner ? (
        <Alert variant="warning" title="Only the listing's owner can edit it" />
      ) : l.status === 'Closed' ? (
        <Alert variant="warning" title="A completed listing cannot be edited" />
      ) : (
        <NewListingForm initial={listingFormValues(l)} plantImage={l.imageUrl ?? undefined} listing={l} />
      )}
    </div>
  );
}
