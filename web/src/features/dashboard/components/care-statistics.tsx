import { ChartColumn, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CareCounts, DashboardSummary } from '@/api/types';
import { careTone } from '@/components/task-chip/task-chip';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Segmented } from '@/components/ui/segmented';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { taskLabel } from '@/lib/care';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { DashboardSection } from './section';

type Range = 'thisMonth' | 'lastMonth' | 'last3Months';

const RANGES = [
  { value: 'thisMonth', label: 'dashboard.stats.thisMonth' },
  { value: 'lastMonth', label: 'dashboard.stats.lastMonth' },
  { value: 'last3Months', label: 'dashboard.stats.last3Months' },
] as const satisfies readonly { value: Range; label: MessageKey }[];

const COUNTED: (keyof CareCounts)[] = ['water', 'fertilize', 'prune', 'repot'];

/** barPercent: a count's bar length relative to the largest count (0 when all are 0). */
export function barPercent(count: number, max: number): number {
  return max > 0 ? Math.round((count / max) * 100) : 0;
}

/** CareStatistics: completed tasks by type for a range, with bars, and the top 2 plants. */
export function CareStatistics({ summary, error }: { summary: DashboardSummary | undefined; error: boolean }) {
  const t = useT();
  const [range, setRange] = useState<Range>('thisMonth');
  const stats = summary?.stats[range];
  const max = stats ? Math.max(0, ...COUNTED.map((k) => stats.counts[k] ?? 0)) : 0;
  return (
    <DashboardSection id="care-stats" title={t('dashboard.stats.title')} icon={<ChartColumn size={18} />}>
      <Segmented
        label={t('dashboard.stats.range')}
        options={RANGES.map((r) => ({ value: r.value, label: t(r.label) }))}
        value={range}
        onChange={setRange}
      />
      {error ? (
        <p className="dash-error">{t('dashboard.stats.loadFailed')}</p>
      ) : !stats ? (
        <LoadingRegion label={t('dashboard.stats.loading')} className="stats">
          {COUNTED.map((k) => (
            <Skeleton key={k} height={22} />
          ))}
        </LoadingRegion>
      ) : (
        <>
          <ul className="stats" aria-label={t('dashboard.stats.byType')}>
            {COUNTED.map((key) => {
              const count = stats.counts[key] ?? 0;
              return (
                <li key={key} className={`stats__row ${careTone(key)}`}>
                  <span className="stats__label">
                    <TaskTypeIcon type={key} size={16} />
                    {taskLabel(key)}
                  </span>
                  <span className="stats__bar" aria-hidden="true">
                    <span className="stats__fill" style={{ width: `${barPercent(count, max)}%` }} />
                  </span>
                  <span className="stats__count">{count}</span>
                </li>
              );
            })}
          </ul>
          <div className="top-plants">
            <h3 className="top-plants__title">
              <Trophy size={16} aria-hidden="true" /> {t('dashboard.stats.top')}
            </h3>
            {stats.topPlants.length === 0 ? (
              <p className="muted top-plants__empty">{t('dashboard.stats.none')}</p>
            ) : (
              <ol className="top-plants__list">
                {stats.topPlants.slice(0, 2).map((plant) => (
                  <li key={plant.plantId}>
                    <Link to={`/plants/${plant.plantId}`}>{plant.name}</Link>
                    <span className="top-plants__count">
                      {t('dashboard.stats.tasks', { count: plant.count })}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
    </DashboardSection>
  );
}
