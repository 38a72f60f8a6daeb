import { BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useJournalEntries } from '@/api/journal/get-journal-entries';
import { growthStageLabel } from '@/components/journal-entry/growth-stage';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/dates';
import { withAreaTexts } from '@/lib/i18n/area-texts';
import { useT } from '@/lib/i18n/provider';
import { truncate } from '@/lib/text';
import { DashboardSection, SectionStates } from './section';

// Loaded when first opened, so the dashboard's first load leaves the entry form out; its texts
// (the journal's and the shared components') come with it.
const JournalEntryDialog = lazyDialog(() =>
  withAreaTexts('journal', import('@/components/journal-entry/journal-entry-dialog')).then((m) => m.JournalEntryDialog),
);

/** How many journal entries the dashboard shows (spec 01 §9). */
export const DASHBOARD_ENTRIES = 2;

/** GrowthJourney: the 2 newest journal entries, or Create First Entry. */
export function GrowthJourney() {
  const t = useT();
  const entries = useJournalEntries();
  const [adding, setAdding] = useState(false);
  const newest = [...(entries.data ?? [])]
    .sort((a, b) => b.entryDate.localeCompare(a.entryDate) || b.id - a.id)
    .slice(0, DASHBOARD_ENTRIES);
  return (
    <DashboardSection
      id="growth-journey"
      title={t('dashboard.journey.title')}
      icon={<BookOpen size={18} />}
      link={{ to: '/journal', label: t('dashboard.journey.view') }}
    >
      <SectionStates
        query={entries}
        loading={{
          label: t('dashboard.journey.loading'),
          className: 'journey',
          skeleton: [0, 1].map((i) => <Skeleton key={i} height={84} radius={10} />),
        }}
        error={t('dashboard.journey.loadFailed')}
        isEmpty={newest.length === 0}
        empty={
          <EmptyState
            compact
            titleAs="h3"
            icon={<BookOpen size={22} />}
            title={t('dashboard.journey.none')}
            action={
              <Button icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
                {t('dashboard.journey.createFirst')}
              </Button>
            }
          >
            {t('dashboard.journey.noneText')}
          </EmptyState>
        }
      >
        <ul className="journey">
          {newest.map((entry) => (
            <li key={entry.id} className="journey__item">
              {entry.imageUrl ? <img src={entry.imageUrl} alt="" className="journey__image" loading="lazy" /> : null}
              <div className="journey__text">
                <Link to={`/journal#entry-${entry.id}`} className="journey__title">
                  {entry.title}
                </Link>
                <p className="journey__meta">
                  <time dateTime={entry.entryDate}>{formatLongDate(entry.entryDate)}</time>
                  {entry.plantName ? ` · ${entry.plantName}` : ''}
                  {entry.growthStage ? <Badge tone="green">{growthStageLabel(entry.growthStage)}</Badge> : null}
                </p>
                {entry.content ? <p className="journey__content">{truncate(entry.content, 110)}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      </SectionStates>
      <JournalEntryDialog open={adding} onOpenChange={setAdding} />
    </DashboardSection>
  );
}
