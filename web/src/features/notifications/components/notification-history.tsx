import { Globe, History, MapPin, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { AdminNotification } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedListStates } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useAdminNotifications } from '../api/get-admin-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { fullTime, relativeTime } from './notification-format';

const kindLabel = (kind: string): string | undefined =>
  kind === 'test' ? translate('notifications.history.kindTest') : kind === 'care_reminder' ? translate('notifications.history.kindCare') : undefined;

/** targetLabel: Global, "Site: North Plot", "User: Rosa", in the shown language. */
export function targetLabel(n: Pick<AdminNotification, 'targetType' | 'targetName' | 'targetId'>): string {
  const name = n.targetName || `#${n.targetId ?? '?'}`;
  if (n.targetType === 'site') return translate('notifications.history.targetSite', { name });
  if (n.targetType === 'user') return translate('notifications.history.targetUser', { name });
  if (n.targetType === 'global') return translate('notifications.history.targetGlobal');
  return n.targetType;
}


function TargetIcon({ type }: { type: string }) {
  if (type === 'site') return <MapPin size={14} aria-hidden="true" />;
  if (type === 'user') return <UserRound size={14} aria-hidden="true" />;
  return <Globe size={14} aria-hidden="true" />;
}

/** readSummary: "2 of 5 read", or "No recipients". */
export function readSummary(n: Pick<AdminNotification, 'readCount' | 'recipientCount'>): string {
  if (!n.recipientCount) return translate('notifications.history.noRecipients');
  return translate('notifications.history.readCount', { read: n.readCount, count: n.recipientCount });
}

function HistoryEntry({ entry, onDelete }: { entry: AdminNotification; onDelete: (entry: AdminNotification) => void }) {
  const t = useT();
  const kind = entry.kind ? kindLabel(entry.kind) : undefined;
  return (
    <li className="history-entry">
      <article className="history-entry__inner" aria-label={entry.title}>
        <div className="history-entry__main">
          <div className="history-entry__title-line">
            <h3 className="history-entry__title">{entry.title}</h3>
            <div className="history-entry__badges">
              {entry.isRead ? <Badge tone="green">{t('notifications.history.read')}</Badge> : <Badge tone="amber">{t('notifications.history.unread')}</Badge>}
              {kind ? <Badge tone="purple">{kind}</Badge> : null}
            </div>
          </div>
          <p className="muted-clamp history-entry__content">{entry.content}</p>
          <p className="history-entry__meta">
            <span className="history-entry__target">
              <TargetIcon type={entry.targetType} />
              {targetLabel(entry)}
            </span>
            <span aria-hidden="true" className="history-entry__sep">
              ·
            </span>
            <span className="history-entry__stats">
              <time dateTime={entry.createdAt} title={fullTime(entry.createdAt)}>
                {relativeTime(entry.createdAt)}
              </time>
              <span aria-hidden="true">·</span>
              <span>{readSummary(entry)}</span>
            </span>
          </p>
        </div>
        <div className="history-entry__actions">
          <Button
            size="sm"
            variant="ghost"
            className="history-entry__delete"
            icon={<Trash2 size={16} aria-hidden="true" />}
            aria-label={t('notifications.history.deleteLabel', { title: entry.title })}
            onClick={() => onDelete(entry)}
          >
            <span className="history-entry__delete-text">{t('notifications.history.delete')}</span>
          </Button>
        </div>
      </article>
    </li>
  );
}

/**
 * NotificationHistory (Notification History tab): what was sent, newest first and a page at a
 * time ("Load more") — read or unread, the target's name, how many of its recipients read it —
 * each with Delete after a confirmation (spec 02 §2, §3).
 */
export function NotificationHistory() {
  const history = useAdminNotifications();
  const { trigger, isMutating } = useDeleteNotification();
  const { toast } = useToast();
  const [pending, setPending] = useState<AdminNotification | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const t = useT();

  const refresh = async () => {
    setRefreshing(true);
    try {
      await history.mutate();
    } finally {
      setRefreshing(false);
    }
  };

  const confirmDelete = async () => {
    if (!pending) return;
    try {
      await trigger(pending.id);
      toast({ title: t('notifications.history.deleted'), description: t('notifications.history.deletedText', { title: pending.title }), variant: 'success' });
      setPending(null);
    } catch (error) {
      toast({ title: t('notifications.history.deleteFailed'), description: getErrorMessage(error, t('notifications.tryAgain')), variant: 'destructive' });
      setPending(null);
    }
  };

  const body = (
    <PagedListStates
      list={history}
      compact
      loading={{
        label: t('notifications.history.loading'),
        className: 'history-skeleton',
        skeleton: Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={76} radius={10} />),
      }}
      errorTitle={t('notifications.history.loadFailed')}
      errorText={getErrorMessage(history.error, t('notifications.history.loadFailedText'))}
      empty={{
        icon: <History size={22} />,
        title: t('notifications.history.none'),
        text: t('notifications.history.noneText'),
      }}
    >
      <ul className="history-list" aria-label={t('notifications.history.list')}>
        {history.items.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} onDelete={setPending} />
        ))}
      </ul>
    </PagedListStates>
  );

  const loaded = !history.isLoading && !history.error;
  return (
    <>
      <div className="history-toolbar">
        <p className="history-toolbar__count" aria-live="polite">
          {loaded ? t(history.hasMore ? 'notifications.history.countMore' : 'notifications.history.count', { count: history.items.length }) : ''}
        </p>
        <Button
          size="sm"
          variant="outline"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          disabled={refreshing || history.isLoading}
          onClick={() => void refresh()}
        >
          {t('notifications.history.refresh')}
        </Button>
      </div>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !isMutating) setPending(null);
        }}
        title={t('notifications.history.confirmTitle')}
        description={pending ? t('notifications.history.confirmText', { title: pending.title }) : ''}
        confirmLabel={t('notifications.history.delete')}
        pending={isMutating}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
