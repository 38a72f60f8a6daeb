import { Package } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, SignInRequired } from '@/components/ui/sign-in-required';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  useDocumentTitle(t('sharing.edit.title'));
  const { id } = useParams();
  const { status } = useSession();
  const listing = useListing(status === 'signed-in' ? id : undefined);
  const back = <BackLink to={id ? `/community/plant-sharing/${id}` : '/community/plant-sharing'}>{t('sharing.edit.back')}</BackLink>;
  if (status !== 'signed-in') {
    return (
      <div className="listing-form-page">
        {back}
        <SignInRequired title={t('sharing.edit.title')} message={t('sharing.edit.signIn')} />
      </div>
    );
  }
  if (listing.isLoading) {
    return (
      <div className="listing-form-page">
        {back}
        <LoadingRegion label={t('sharing.detail.loading')} className="listing-form">
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
        <EmptyState icon={<Package size={26} />} title={t('sharing.detail.unavailable')}>
          {t('sharing.detail.unavailableText')}
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="listing-form-page">
      {back}
      <PageHeader title={t('sharing.edit.title')} description={l.title} />
      {!l.isOwner ? (
        <Alert variant="warning" title={t('sharing.edit.ownerOnly')} />
      ) : l.status === 'Closed' ? (
        <Alert variant="warning" title={t('sharing.edit.closed')} />
      ) : (
        <NewListingForm initial={listingFormValues(l)} plantImage={l.imageUrl ?? undefined} listing={l} />
      )}
    </div>
  );
}
