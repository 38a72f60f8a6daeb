import { CheckCircle2, Pencil, RefreshCw, Settings2, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { useRefresh } from '@/api/query';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { isPlantSharingKey } from '../api/get-listings';
import { groupConversations, useListingMessages } from '../api/listing-messages';
import { completeListing, deleteListing, renewListing } from '../api/manage-listing';
import type { Listing } from '../api/types';

/**
 * ListingManagement: the owner's card. Edit Listing and Mark as Completed (hidden once closed;
 * completing may say which conversation the plant went to); Renew appears in the last week
 * before expiry; Delete asks first.
 */
export function ListingManagement({ listing }: { listing: Listing }) {
  const { toast } = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const messages = useListingMessages(listing.isOwner ? listing.id : null);
  const people = groupConversations(messages.items);
  const [completing, setCompleting] = useState(false);
  const [withId, setWithId] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState<'complete' | 'renew' | 'delete' | null>(null);

  const run = async (what: 'complete' | 'renew' | 'delete', fn: () => Promise<unknown>, ok: string, failed: string) => {
    setPending(what);
    try {
      await fn();
      toast({ title: ok, variant: 'success' });
      await refresh(isPlantSharingKey);
      return true;
    } catch (error) {
      toast({ title: failed, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  };

  return (
    <Card aria-label={listing.isOwner ? 'Listing Management' : 'Moderation'}>
      <CardHeader
        icon={<Settings2 size={18} />}
        title={listing.isOwner ? 'Listing Management' : 'Moderation'}
        description={listing.isOwner ? undefined : `As an administrator you may remove ${listing.username}'s listing.`}
      />
      <CardBody>
        <div className="listing-actions">
          {listing.isOwner && listing.status !== 'Closed' ? (
            <Button icon={<CheckCircle2 size={18} aria-hidden="true" />} onClick={() => setCompleting(true)}>
              Mark as Completed
            </Button>
          ) : null}
          {listing.isOwner && listing.status !== 'Closed' ? (
            <Link to={`/community/plant-sharing/${listing.id}?edit=1`} className={buttonClass('outline')}>
              <Pencil size={18} aria-hidden="true" />
              Edit Listing
            </Link>
          ) : null}
          {listing.isOwner && listing.canRenew ? (
            <Button
              variant="outline"
              icon={<RefreshCw size={18} aria-hidden="true" />}
              loading={pending === 'renew'}
              onClick={() => void run('renew', () => renewListing(listing.id), 'Listing Updated', 'Failed to update listing status')}
            >
              Renew Listing
            </Button>
          ) : null}
          <Button variant="danger" icon={<Trash size={18} aria-hidden="true" />} onClick={() => setDeleting(true)}>
            Delete Listing
          </Button>
        </div>
        {listing.isOwner && listing.status === 'Open' && !listing.canRenew && listing.renewableAt ? (
          <p className="field__hint">You can renew this listing from {formatDate(listing.renewableAt)}.</p>
        ) : null}
      </CardBody>
      <Dialog
        open={completing}
        onOpenChange={setCompleting}
        title="Mark as Completed"
        description="The listing closes and can no longer be contacted. This cannot be undone."
        footer={
          <>
            <Button variant="outline" onClick={() => setCompleting(false)}>
              Cancel
            </Button>
            <Button
              loading={pending === 'complete'}
              onClick={() =>
                void run(
                  'complete',
                  () => completeListing(listing.id, withId ? Number(withId) : undefined),
                  'Listing Updated',
                  'Failed to update listing status',
                ).then((ok) => ok && setCompleting(false))
              }
            >
              Mark as Completed
            </Button>
          </>
        }
      >
        <SelectField
          label="Who did it go to?"
          hint="They can add the plant to My Plants with one click."
          value={withId}
          onChange={(e) => setWithId(e.target.value)}
        >
          <option value="">Not saying</option>
          {people.map((p) => (
            <option key={p.withId} value={p.withId}>
              {p.withName}
            </option>
          ))}
        </SelectField>
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Listing"
        description="This permanently deletes the listing and its messages."
        confirmLabel="Delete Listing"
        pending={pending === 'delete'}
        onConfirm={() =>
          void run('delete', () => deleteListing(listing.id), 'Listing Deleted', 'Failed to delete listing').then((ok) => {
            if (ok) navigate('/community/plant-sharing');
          })
        }
      />
    </Card>
  );
}
