import { BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { JournalEntryDialog } from '@/components/journal-entry/journal-entry-dialog';
import { growthStageLabel } from '@/components/journal-entry/growth-stage';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { truncate } from '@/lib/text';
import { usePlantJournalEntries } from '../api/get-plant-journal-entries';

/** PlantJournalCard: the plant's growth journal on its page, with Add Entry (plant preset). */
export function PlantJournalCard({ plantId, plantName }: { plantId: number; plantName: string }) {
  const entries = usePlantJournalEntries(plantId);
  const [adding, setAdding] = useState(false);
  const t = useT();
  const list = entries.data ?? [];
  return (
    <Card className="plant-detail__wide" aria-labelledby="plant-journal-title">
      <CardHeader
        icon={<BookOpen size={18} />}
        title={<span id="plant-journal-title">{t('plants.journal.title')}</span>}
        actions={
          <Button size="sm" variant="secondary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('plants.journal.add')}
          </Button>
        }
      />
      <CardBody>
        {entries.isLoading ? (
          <LoadingRegion label={t('plants.journal.loading')} className="plant-journal__list">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </LoadingRegion>
        ) : entries.error ? (
          <p className="muted">{t('plants.journal.failed')}</p>
        ) : list.length === 0 ? (
          <EmptyState compact titleAs="h3" icon={<BookOpen size={22} />} title={t('plants.journal.none')}>
            {t('plants.journal.noneText', { name: plantName })}
          </EmptyState>
        ) : (
          <ul className="plant-journal__list">
            {list.map((entry) => (
              <li key={entry.id} className="plant-journal__item">
                {entry.imageUrl ? <img src={entry.imageUrl} alt="" className="plant-journal__thumb" loading="lazy" /> : null}
                <div className="plant-journal__text">
                  <p className="plant-journal__title">{entry.title}</p>
                  <p className="plant-journal__meta">
                    <time dateTime={entry.entryDate}>{formatLongDate(entry.entryDate)}</time>
                    {entry.growthStage ? <Badge tone="green">{growthStageLabel(entry.growthStage)}</Badge> : null}
                  </p>
                  {entry.content ? <p className="plant-journal__content">{truncate(entry.content, 160)}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.length > 0 ? (
          <Link to={`/journal?plant=${plantId}`} className="plant-detail__more">
            {t('plants.journal.open')}
          </Link>
        ) : null}
      </CardBody>
      <JournalEntryDialog open={adding} onOpenChange={setAdding} plantId={plantId} plantName={plantName} />
    </Card>
  );
}
