import { CalendarDays, Pencil, Sprout, Trash } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { JournalEntry } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { useToast } from '@/components/ui/toast';
import { growthStageLabel } from '@/components/journal-entry/growth-stage';
import { formatLongDate, localDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { needsReadMore } from '@/lib/text';
import '@/components/ui/tile.css';
import { useDeleteJournalEntry } from '../api/delete-journal-entry';
import { ShareMenu } from './share-menu';

// The form loads with the first Edit, as the Add dialog does on the dashboard.
const JournalEntryDialog = lazyDialog(() => import('@/components/journal-entry/journal-entry-dialog').then((m) => m.JournalEntryDialog));

/** The moment of an edit, as toLocaleString writes it ("11/27/2026, 9:05:00 PM"). */
const EDITED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };

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
  const t = useT();
  const content = entry.content?.trim() ?? '';
  const long = needsReadMore(content);
  const name = entry.plantName || plantName;

  const onDelete = async () => {
    try {
      await remove.trigger(entry.id);
      toast({ title: t('journal.card.deleted'), variant: 'success' });
      setConfirming(false);
    } catch {
      toast({ title: t('common.error'), description: t('journal.card.deleteFailed'), variant: 'destructive' });
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
            {entry.growthStage ? <Badge tone="green">{growthStageLabel(entry.growthStage)}</Badge> : null}
            {entry.edited && entry.editedAt ? (
              <span className="journal-card__edited" title={t('journal.card.editedAt', { date: localDate(new Date(entry.editedAt), EDITED_AT) })}>
                {t('journal.card.edited')}
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
                {expanded ? t('journal.card.showLess') : t('journal.card.readMore')}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="journal-card__content journal-card__content--empty">{t('journal.card.noContent')}</p>
        )}
        <footer className="journal-card__footer">
          <ShareMenu
            label={t('journal.card.share', { title: entry.title })}
            target={{
              title: entry.title,
              text: name ? t('journal.card.shareText', { title: entry.title, name, date: formatLongDate(entry.entryDate) }) : entry.title,
              url: entryLink(entry),
            }}
          />
          <span className="journal-card__actions">
            <Button
              variant="ghost"
              size="sm"
              icon={<Pencil size={16} aria-hidden="true" />}
              aria-label={t('journal.card.editLabel', { title: entry.title })}
              onClick={() => setEditing(true)}
            >
              {t('journal.card.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="journal-card__delete"
              icon={<Trash size={16} aria-hidden="true" />}
              aria-label={t('journal.card.deleteLabel', { title: entry.title })}
              onClick={() => setConfirming(true)}
            >
              {t('journal.card.delete')}
            </Button>
          </span>
        </footer>
      </div>
      <JournalEntryDialog open={editing} onOpenChange={setEditing} entry={entry} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('journal.card.deleteTitle')}
        description={t('journal.card.deleteText', { title: entry.title })}
        confirmLabel={t('journal.card.deleteConfirm')}
        pending={remove.isMutating}
        onConfirm={() => void onDelete()}
      />
    </article>
  );
}
