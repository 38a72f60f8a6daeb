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
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
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
      toast({ title: failed, description: getErrorMessage(error, t('sharing.tryAgain')), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  };

  return (
    <Card aria-label={listing.isOwner ? t('sharing.manage.title') : t('sharing.manage.moderation')}>
      <CardHeader
        icon={<Settings2 size={18} />}
        title={listing.isOwner ? t('sharing.manage.title') : t('sharing.manage.moderation')}
        description={listing.isOwner ? undefined : t('sharing.manage.moderationText', { name: listing.username })}
      />
      <CardBody>
        <div className="listing-actions">
          {listing.isOwner && listing.status !== 'Closed' ? (
            <Button icon={<CheckCircle2 size={18} aria-hidden="true" />} onClick={() => setCompleting(true)}>
              {t('sharing.manage.complete')}
            </Button>
          ) : null}
          {listing.isOwner && listing.status !== 'Closed' ? (
            <Link to={`/community/plant-sharing/${listing.id}?edit=1`} className={buttonClass('outline')}>
              <Pencil size={18} aria-hidden="true" />
              {t('sharing.edit.title')}
            </Link>
          ) : null}
          {listing.isOwner && listing.canRenew ? (
            <Button
              variant="outline"
              icon={<RefreshCw size={18} aria-hidden="true" />}
              loading={pending === 'renew'}
              onClick={() => void run('renew', () => renewListing(listing.id), t('sharing.manage.updated'), t('sharing.manage.updateFailed'))}
            >
              {t('sharing.manage.renew')}
            </Button>
          ) : null}
          <Button variant="danger" icon={<Trash size={18} aria-hidden="true" />} onClick={() => setDeleting(true)}>
            {t('sharing.manage.delete')}
          </Button>
        </div>
        {listing.isOwner && listing.status === 'Open' && !listing.canRenew && listing.renewableAt ? (
          <p className="field__hint">{t('sharing.manage.renewFrom', { date: formatDate(listing.renewableAt) })}</p>
        ) : null}
      </CardBody>
      <Dialog
        open={completing}
        onOpenChange={setCompleting}
        title={t('sharing.manage.complete')}
        description={t('sharing.manage.completeText')}
        footer={
          <>
            <Button variant="outline" onClick={() => setCompleting(false)}>
              {t('sharing.cancel')}
            </Button>
            <Button
              loading={pending === 'complete'}
              onClick={() =>
                void run(
                  'complete',
                  () => completeListing(listing.id, withId ? Number(withId) : undefined),
                  t('sharing.manage.updated'),
                  t('sharing.manage.updateFailed'),
                ).then((ok) => ok && setCompleting(false))
              }
            >
              {t('sharing.manage.complete')}
            </Button>
          </>
        }
      >
        <SelectField
          label={t('sharing.manage.goneTo')}
          hint={t('sharing.manage.goneToHint')}
          value={withId}
          onChange={(e) => setWithId(e.target.value)}
        >
          <option value="">{t('sharing.manage.notSaying')}</option>
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
        title={t('sharing.manage.delete')}
        description={t('sharing.manage.deleteText')}
        confirmLabel={t('sharing.manage.delete')}
        pending={pending === 'delete'}
        onConfirm={() =>
          void run('delete', () => deleteListing(listing.id), t('sharing.manage.deleted'), t('sharing.manage.deleteFailed')).then((ok) => {
            if (ok) navigate('/community/plant-sharing');
          })
        }
      />
    </Card>
  );
}
