import { Activity, BarChart3, LandPlot, Trophy } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { yieldIn, useUnitSystem } from '@/lib/units';
import { useHarvestStats } from '../api/get-harvests';
import { KIND_LABEL, PERIODS, type BedYields, type Harvest, type HarvestFilters } from '../api/types';
import { amountText, formatAmount, formatQuantity, formatRate, harvestName, totalText, unitName } from './format';

/** How many records Recent Activity shows (spec 02 §9). */
export const RECENT_ACTIVITY = 3;

/**
 * YieldCard: the yield per square foot of each bed the period's records came from — the bed's
 * and its layout's names, then per kind the rate (kg/ft², items/ft², litres/ft²) with the total
 * and the bed's area.
 */
export function YieldCard({ beds }: { beds: readonly BedYields[] }) {
  // Imperial: per square foot, in lb; metric: per square metre, in kg (issue #25 item 4).
  const t = useT();
  const system = useUnitSystem();
  return (
    <section className="stat-card" aria-labelledby="stat-yield">
      <h3 id="stat-yield" className="stat-card__title">
        <LandPlot size={16} aria-hidden="true" /> {t('harvests.yield.title', { system })}
      </h3>
      {beds.length === 0 ? (
        <p className="stat-card__detail">{t('harvests.yield.none', { system })}</p>
      ) : (
        <ul className="stat-yield" aria-label={t('harvests.yield.title', { system })}>
          {beds.map((b) => (
            <li key={b.bedId}>
              <span className="stat-yield__bed">{b.bedName}</span>
              <span className="stat-yield__layout">{b.layoutName}</span>
              {b.yields.length === 0 ? (
                <span className="stat-yield__meta">
                  {t('harvests.yield.unmeasured', { count: b.records })}
                </span>
              ) : (
                b.yields.map((raw) => {
                  const y = yieldIn({ ...raw, area: b.area }, system);
                  return (
                    <span key={raw.kind}>
                      <span className="stat-yield__rate">
                        {formatRate(y.rate)} {unitName(y.unit)}/{y.areaUnit}
                      </span>{' '}
                      <span className="stat-yield__meta">
                        {t('harvests.yield.meta', { amount: amountText(y.amount, y.unit), area: `${formatAmount(y.area)} ${y.areaUnit}` })}
                      </span>
                    </span>
                  );
                })
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * HarvestStatsSheet: the View Stats side sheet (spec 02 §2) — Total Harvests, the Most
 * Harvested plant with its real figures, the totals per kind in kg, items and litres, the yield
 * per square foot of each bed, and Recent Activity (the first three records of the list), for
 * the list's period and plant.
 */
export function HarvestStatsSheet({
  open,
  onOpenChange,
  filters,
  recent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: HarvestFilters;
  recent: readonly Harvest[];
}) {
  const t = useT();
  const stats = useHarvestStats(filters, open);
  const period = t(PERIODS.find((p) => p.value === filters.period)?.label ?? 'harvests.period.all');
  const data = stats.data;
  const most = data?.mostHarvested;
  const system = useUnitSystem();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('harvests.stats.title')} side="right" closeLabel={t('harvests.stats.close')} className="harvest-sheet">
          <div className="harvest-sheet__body">
            <p className="harvest-sheet__period">{period}</p>
            {stats.isLoading ? (
              <div aria-label={t('harvests.stats.loading')} role="status">
                <Skeleton height={86} />
                <Skeleton height={120} />
              </div>
            ) : stats.error ? (
              <p className="harvest-sheet__error" role="alert">
                {getErrorMessage(stats.error, t('harvests.stats.loadFailed'))}
              </p>
            ) : data ? (
              <>
                <section className="stat-card" aria-labelledby="stat-total">
                  <h3 id="stat-total" className="stat-card__title">
                    <BarChart3 size={16} aria-hidden="true" /> {t('harvests.stats.total')}
                  </h3>
                  <p className="stat-card__value">{data.totalHarvests}</p>
                  {data.totals.length > 0 ? (
                    <ul className="stat-card__totals" aria-label={t('harvests.stats.totals')}>
                      {data.totals.map((total) => (
                        <li key={total.kind}>
                          <span>{t(KIND_LABEL[total.kind])}</span>
                          <strong>
                            {totalText(total.amount, total.unit, system)}
                          </strong>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </section>
                <section className="stat-card" aria-labelledby="stat-most">
                  <h3 id="stat-most" className="stat-card__title">
                    <Trophy size={16} aria-hidden="true" /> {t('harvests.stats.most')}
                  </h3>
                  {most ? (
                    <>
                      <p className="stat-card__value stat-card__value--name">{most.plantName || t('harvests.unnamed')}</p>
                      <p className="stat-card__detail">
                        {most.amount !== null && most.rankedBy
                          ? t('harvests.stats.mostDetail', { amount: totalText(most.amount, most.unit, system), count: most.records })
                          : t('harvests.stats.records', { count: most.records })}
                      </p>
                      {most.totals.length > 1 ? (
                        <p className="stat-card__detail">
                          {most.totals.map((total) => totalText(total.amount, total.unit, system)).join(' · ')}
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <p className="stat-card__detail">{t('harvests.stats.noneInPeriod')}</p>
                  )}
                </section>
                <YieldCard beds={data.yieldPerSquareFoot ?? []} />
              </>
            ) : null}
            <section className="stat-card" aria-labelledby="stat-recent">
              <h3 id="stat-recent" className="stat-card__title">
                <Activity size={16} aria-hidden="true" /> {t('harvests.stats.recent')}
              </h3>
              {recent.length === 0 ? (
                <p className="stat-card__detail">{t('harvests.list.none')}</p>
              ) : (
                <ul className="stat-recent">
                  {recent.slice(0, RECENT_ACTIVITY).map((h) => (
                    <li key={h.id}>
                      <span className="stat-recent__name">{harvestName(h)}</span>
                      <span className="stat-recent__meta">
                        {formatDate(h.harvestDate)} · {formatQuantity(h)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
    </Sheet>
  );
}
