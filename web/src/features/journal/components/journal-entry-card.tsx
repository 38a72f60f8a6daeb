import { CalendarDays, Pencil, Sprout, Trash } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { JournalEntry } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useToast } from '@/components/ui/toast';
import { formatLongDate } from '@/lib/dates';
import { needsReadMore } from '@/lib/text';
import '@/components/ui/tile.css';
import { useDeleteJournalEntry } from '../api/delete-journal-entry';
import { ShareMenu } from './share-menu';

// The form loads with the first Edit, as the Add dialog does on the dashboard.
const JournalEntryDialog = lazyDialog(() => import('@/components/journal-entry/journal-entry-dialog').then((m) => m.JournalEntryDialog));

/** entryLink: the address a shared entry points to (the journal, scrolled to the entry). */
export function entryLink(entry: Pick<JournalEntry, 'id'>): string {
  return `${window.location.origin}/journal#entry-${entry.id}`;
}

/**
 * JournalEntryCard: title, date ("MMMM d, yyyy"), growth stage, "(edited)" once changed, share,
 * edit and delete, image and content; content over 200 characters is clamped to 3 lines behind
 * Read More.
 */
export function JournalEntryCard({ entry, plantName }: { entry: JournalEntry; plantName?: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteJournalEntry();
  const { toast } = useToast();
  const content = entry.content?.trim() ?? '';
  const long = needsReadMore(content);
  const name = entry.plantName || plantName;

  const onDelete = async () => {
    try {
      await remove.trigger(entry.id);
      toast({ title: 'Entry deleted', variant: 'success' });
      setConfirming(false);
    } catch {
      toast({ title: 'Error', description: 'Could not delete the journal entry. Please try again.', variant: 'destructive' });
      setConfirming(false);
    }
  };

  return (
    <article className="tile journal-card" id={`entry-${entry.id}`} aria-labelledby={`${id}-title`}>
      {entry.imageUrl ? <img className="journal-card__image" src={entry.imageUrl} alt={entry.title} loading="lazy" /> : null}
      <div className="journal-card__body">
        <header className="journal-card__header">
          <h2 className="journal-card__title" id={`${id}-title`}>
            {entry.title}
          </h2>
          <div className="journal-card__meta">
            <span className="journal-card__date">
              <CalendarDays size={14} aria-hidden="true" />
              <time dateTime={entry.entryDate}>{formatLongDate(entry.entryDate)}</time>
            </span>
            {entry.growthStage ? <Badge tone="green">{entry.growthStage}</Badge> : null}
            {entry.edited && entry.editedAt ? (
              <span className="journal-card__edited" title={`Edited ${new Date(entry.editedAt).toLocaleString()}`}>
                (edited)
              </span>
            ) : null}
          </div>
          {name ? (
            <Link to={`/plants/${entry.plantId}`} className="journal-card__plant">
              <Sprout size={14} aria-hidden="true" />
              {name}
            </Link>
          ) : null}
        </header>
        {content ? (
          <div className="journal-card__content-wrap">
            <p
              id={`${id}-content`}
              className={long && !expanded ? 'journal-card__content journal-card__content--clamped' : 'journal-card__content'}
            >
              {content}
            </p>
            {long ? (
              <button
                type="button"
                className="link-button journal-card__more"
                aria-expanded={expanded}
                aria-controls={`${id}-content`}
                onClick={() => setExpanded((v) => !v)}
              >
                {expanded ? 'Show Less' : 'Read More'}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="journal-card__content journal-card__content--empty">No content for this entry</p>
        )}
        <footer className="journal-card__footer">
          <ShareMenu
            label={`Share ${entry.title}`}
            target={{
              title: entry.title,
              text: name ? `${entry.title} — ${name}, ${formatLongDate(entry.entryDate)}` : entry.title,
              url: entryLink(entry),
            }}
          />
          <span className="journal-card__actions">
            <Button
              variant="ghost"
              size="sm"
              icon={<Pencil size={16} aria-hidden="true" />}
              aria-label={`Edit ${entry.title}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="journal-card__delete"
              icon={<Trash size={16} aria-hidden="true" />}
              aria-label={`Delete ${entry.title}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </span>
        </footer>
      </div>
      <JournalEntryDialog open={editing} onOpenChange={setEditing} entry={entry} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this journal entry?"
        description={`“${entry.title}” will be permanently deleted.`}
        confirmLabel="Delete Entry"
        pending={remove.isMutating}
        onConfirm={() => void onDelete()}
      />
    </article>
  );
}
