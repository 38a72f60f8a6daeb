import { Globe, History, MapPin, RefreshCw, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { AdminNotification } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { countText } from '@/api/use-searched-list';
import { PagedListStates } from '@/components/ui/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useAdminNotifications } from '../api/get-admin-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { fullTime, relativeTime } from './notification-format';

export const DELETE_FAILED = 'Failed to delete notification';
export const HISTORY_LOAD_ERROR = 'Could not load the notification history.';

const kindLabels: Record<string, string> = { test: 'Test', care_reminder: 'Care reminder' };

/** targetLabel: Global, "Site: North Plot", "User: Rosa". */
export function targetLabel(n: Pick<AdminNotification, 'targetType' | 'targetName' | 'targetId'>): string {
  if (n.targetType === 'site') return `Site: ${n.targetName || `#${n.targetId ?? '?'}`}`;
  if (n.targetType === 'user') return `User: ${n.targetName || `#${n.targetId ?? '?'}`}`;
  if (n.targetType === 'global') return 'Global';
  return n.targetType;
}

function TargetIcon({ type }: { type: string }) {
  if (type === 'site') return <MapPin size={14} aria-hidden="true" />;
  if (type === 'user') return <UserRound size={14} aria-hidden="true" />;
  return <Globe size={14} aria-hidden="true" />;
}

/** readSummary: "2 of 5 read", or "No recipients". */
export function readSummary(n: Pick<AdminNotification, 'readCount' | 'recipientCount'>): string {
  if (!n.recipientCount) return 'No recipients';
  return `${n.readCount} of ${n.recipientCount} read`;
}

function HistoryEntry({ entry, onDelete }: { entry: AdminNotification; onDelete: (entry: AdminNotification) => void }) {
  const kind = entry.kind ? kindLabels[entry.kind] : undefined;
  return (
    <li className="history-entry">
      <article className="history-entry__inner" aria-label={entry.title}>
        <div className="history-entry__main">
          <div className="history-entry__title-line">
            <h3 className="history-entry__title">{entry.title}</h3>
            <div className="history-entry__badges">
              {entry.isRead ? <Badge tone="green">Read</Badge> : <Badge tone="amber">Unread</Badge>}
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
            aria-label={`Delete notification ${entry.title}`}
            onClick={() => onDelete(entry)}
          >
            <span className="history-entry__delete-text">Delete</span>
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
      toast({ title: 'Notification deleted', description: `“${pending.title}” was removed for everyone.`, variant: 'success' });
      setPending(null);
    } catch (error) {
      toast({ title: DELETE_FAILED, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      setPending(null);
    }
  };

  const body = (
    <PagedListStates
      list={history}
      compact
      loading={{
        label: 'Loading the notification history…',
        className: 'history-skeleton',
        skeleton: Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={76} radius={10} />),
      }}
      errorTitle={HISTORY_LOAD_ERROR}
      errorText={getErrorMessage(history.error, 'Please try again in a moment.')}
      empty={{
        icon: <History size={22} />,
        title: 'No notifications sent yet',
        text: 'Notifications sent from the Send Notifications tab, test notifications and daily care reminders are listed here.',
      }}
    >
      <ul className="history-list" aria-label="Sent notifications">
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
          {loaded ? countText(history, 'notification', 'notifications') : ''}
        </p>
        <Button
          size="sm"
          variant="outline"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          disabled={refreshing || history.isLoading}
          onClick={() => void refresh()}
        >
          Refresh
        </Button>
      </div>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !isMutating) setPending(null);
        }}
        title="Delete this notification?"
        description={
          pending
            ? `“${pending.title}” will be removed for everyone, together with who has read it. Pushes and e-mails already delivered stay where they are.`
            : ''
        }
        confirmLabel="Delete"
        pending={isMutating}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
