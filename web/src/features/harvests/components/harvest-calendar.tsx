import { ChevronLeft, ChevronRight, CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate, localDate, parseDate, todayKey, weekdayNames } from '@/lib/dates';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useHarvestsBetween } from '../api/get-harvests';
import type { HarvestFilters } from '../api/types';
import { calendarCells, monthSpan, shiftMonth } from './calendar-data';
import { formatQuantity, harvestName } from './format';
import { HarvestCard } from './harvest-card';

function describeDay(date: string, count: number): string {
  const base = localDate(parseDate(date)!, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  return count === 0 ? base : t('harvests.calendar.day', { date: base, count });
}

/**
 * HarvestCalendar: the Calendar tab — a month grid (Monday first) with each day's harvests,
 * previous and next month, and a click on a day opening its records. It reads the month's
 * records with the list's plant and search filters (the period filter is the month itself).
 */
export function HarvestCalendar({
  filters,
  month,
  onMonthChange,
  plantTypes,
}: {
  filters: Pick<HarvestFilters, 'q' | 'plantId'>;
  month: Date;
  onMonthChange: (month: Date) => void;
  plantTypes: Map<number, string>;
}) {
  const t = useT();
  const span = monthSpan(month);
  const list = useHarvestsBetween(filters, span.from, span.to);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const today = todayKey();

  // A month holds rarely more than a page; when it does, read the rest so no day is missing.
  const { hasMore, isLoadingMore, loadMore } = list;
  useEffect(() => {
    if (hasMore && !isLoadingMore) void loadMore();
  }, [hasMore, isLoadingMore, loadMore]);

  const cells = useMemo(() => calendarCells(month, list.items), [month, list.items]);
  const dayRecords = openDay ? (cells.find((c) => c.date === openDay)?.harvests ?? []) : [];
  const title = localDate(month, { month: 'long', year: 'numeric' });

  return (
    <section className="harvest-calendar" aria-label={t('harvests.calendar.label')}>
      <div className="harvest-calendar__bar">
        <Button variant="outline" size="icon" aria-label={t('harvests.calendar.previous')} onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeft size={18} aria-hidden="true" />
        </Button>
        <h2 className="harvest-calendar__title" aria-live="polite">
          {title}
        </h2>
        <Button variant="outline" size="icon" aria-label={t('harvests.calendar.next')} onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRight size={18} aria-hidden="true" />
        </Button>
        {list.isLoading || isLoadingMore ? <Spinner size={18} /> : null}
      </div>
      {list.error ? (
        <EmptyState
          compact
          icon={<CloudOff size={22} />}
          title={t('harvests.list.loadFailed')}
          action={
            <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void list.mutate()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          {getErrorMessage(list.error, t('harvests.tryLater'))}
        </EmptyState>
      ) : (
        <div className="harvest-calendar__grid">
          <div className="harvest-calendar__weekdays" aria-hidden="true">
            {weekdayNames().map((d) => (
              <span key={d}>
                {d}
              </span>
            ))}
          </div>
          {Array.from({ length: cells.length / 7 }, (_, w) => (
            <div className="harvest-calendar__week" key={w}>
              {cells.slice(w * 7, w * 7 + 7).map((cell) => {
                const classes = ['harvest-day'];
                if (!cell.inMonth) classes.push('harvest-day--outside');
                if (cell.date === today) classes.push('harvest-day--today');
                if (cell.harvests.length > 0) classes.push('harvest-day--has');
                return (
                  <div key={cell.date}>
                    <button
                      type="button"
                      className={classes.join(' ')}
                      disabled={!cell.inMonth}
                      aria-label={describeDay(cell.date, cell.harvests.length)}
                      onClick={() => setOpenDay(cell.date)}
                    >
                      <span className="harvest-day__number">{cell.day}</span>
                      {cell.harvests.length > 0 ? (
                        <>
                          <span className="harvest-day__chips" aria-hidden="true">
                            {cell.harvests.slice(0, 2).map((h) => (
                              <span className="harvest-day__chip" key={h.id}>
                                {harvestName(h)}
                              </span>
                            ))}
                            {cell.harvests.length > 2 ? <span className="harvest-day__more">{t('harvests.calendar.more', { count: cell.harvests.length - 2 })}</span> : null}
                          </span>
                          <span className="harvest-day__count" aria-hidden="true">
                            {cell.harvests.length}
                          </span>
                        </>
                      ) : null}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      <Dialog
        open={openDay !== null}
        onOpenChange={(open) => !open && setOpenDay(null)}
        title={openDay ? formatLongDate(openDay) : ''}
        description={
          dayRecords.length === 0
            ? t('harvests.calendar.none')
            : dayRecords.map((h) => `${harvestName(h)}: ${formatQuantity(h)}`).join(' · ')
        }
        size="md"
      >
        {dayRecords.length === 0 ? null : (
          <ul className="harvest-list harvest-list--dialog" aria-label={t('harvests.calendar.ofDay')}>
            {dayRecords.map((h) => (
              <li key={h.id}>
                <HarvestCard harvest={h} plantType={h.plantId ? plantTypes.get(h.plantId) : undefined} />
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </section>
  );
}
