import { BellPlus, ChevronLeft, ChevronRight, Sprout } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSowingPages, useSowingSeason } from '@/api/sowing/get-sowing';
import { useRemindMe } from '@/api/sowing/remind-me';
import { usePlants } from '@/api/plants/get-plants';
import type { SowingEntry } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { addDays, formatDate, isDateKey, parseDate, toDateKey, todayKey } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { SOWING_STEPS, openSteps } from '@/lib/sowing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddToMyPlantsButton, sameSpecies } from '../components/add-to-my-plants-button';
import { STEP_LABELS, monthDayText, monthName, shortDate, stepStatus, windowText } from '../components/sowing-text';
import './sowing-calendar-page.css';

/** How many items a page of the calendar reads. */
export const SOWING_PAGE_SIZE = 20;

/** The error title of the calendar's list. */
export const SOWING_LOAD_ERROR: MessageKey = 'plantdb.sowing.failed';

const MONTH_NUMBERS = Array.from({ length: 12 }, (_, i) => i + 1);

/** frostLink: the frost dates alert's text, its <link>…</link> leading to Settings. */
function frostLink(text: string) {
  const [before = '', link = '', after = ''] = text.split(/<\/?link>/);
  return (
    <>
      {before}
      <Link to="/settings#frost-dates">{link}</Link>
      {after}
    </>
  );
}

/** MonthStrip: twelve cells, each marked with the steps whose window touches that month. */
function MonthStrip({ entry, month, weekFraction }: { entry: SowingEntry; month: number; weekFraction: number }) {
  return (
    <div className="sow-strip" aria-hidden="true">
      {MONTH_NUMBERS.map((n, i) => (
        <div key={n} className={`sow-strip__cell${i + 1 === month ? ' sow-strip__cell--now' : ''}`}>
          {SOWING_STEPS.map(({ key }) =>
            entry[key]?.months.includes(i + 1) ? <span key={key} className={`sow-strip__bar sow-strip__bar--${key}`} /> : null,
          )}
          {i + 1 === month ? <span className="sow-strip__week" style={{ left: `${weekFraction * 100}%` }} /> : null}
        </div>
      ))}
    </div>
  );
}

/** RemindMe: a care task on the day the open step can be done, on the gardener's plant of this species if any. */
function RemindMe({ entry, today }: { entry: SowingEntry; today: string }) {
  const mine = usePlants();
  const remind = useRemindMe();
  const { toast } = useToast();
  const t = useT();
  const step = openSteps(entry)[0] ?? null;
  // Read while rendering: SWR re-renders only for what a render used.
  const own = sameSpecies(mine.data, entry.item)[0];
  if (!step) return null;
  const onClick = async () => {
    try {
      const done = await remind.trigger({ id: entry.item.id, step: step.key, plantId: own?.id, today });
      toast({
        title: t('plantdb.sowing.reminderSet'),
        description: t('plantdb.sowing.reminderText', {
          step: t(STEP_LABELS[step.key]),
          name: entry.item.commonName,
          date: shortDate(done.task.scheduledDate),
        }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('common.error'),
        description: error instanceof Error ? error.message : t('plantdb.sowing.reminderFailed'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" icon={<BellPlus size={16} aria-hidden="true" />} loading={remind.isMutating} onClick={() => void onClick()}>
      {t('plantdb.sowing.remindMe')}
    </Button>
  );
}

function CalendarSkeleton() {
  return (
    <div className="sow-list">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="sow-row">
          <div className="sow-row__name">
            <Skeleton width="60%" height={18} />
            <Skeleton width="80%" height={14} />
          </div>
          <Skeleton height={28} />
          <Skeleton width={120} height={32} />
        </div>
      ))}
    </div>
  );
}

/**
 * SowingCalendarPage (/sowing-calendar): what can be sown in a week (this one by default,
 * ?week= any day of another), placed by the gardener's frost dates: each item's steps on twelve
 * month columns with this week marked, until when it can be sown, Add to My Plants and Remind me.
 */
export function SowingCalendarPage() {
  const t = useT();
  useDocumentTitle(t('nav.sowingCalendar'));
  const [params, setParams] = useSearchParams();
  const today = todayKey();
  const asked = params.get('week');
  const week = asked && isDateKey(asked) ? asked : today;
  const season = useSowingSeason(week);
  const items = useSowingPages(week, SOWING_PAGE_SIZE);
  const monday = parseDate(season.data?.monday ?? week) ?? new Date();
  const month = monday.getMonth() + 1;
  const daysInMonth = new Date(monday.getFullYear(), month, 0).getDate();
  const weekFraction = Math.min(1, (monday.getDate() + 3 - 0.5) / daysInMonth);

  const go = (days: number | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (days === null) out.delete('week');
        else out.set('week', toDateKey(addDays(monday, days)));
        return out;
      },
      { replace: true },
    );

  const frost = season.data?.frost;
  return (
    <div className="sowing-page">
      <PageHeader
        title={t('nav.sowingCalendar')}
        description={t('plantdb.sowing.description')}
      />
      <div className="sow-toolbar">
        <div className="sow-toolbar__week" role="group" aria-label={t('plantdb.sowing.week')}>
          <Button variant="outline" size="sm" icon={<ChevronLeft size={16} aria-hidden="true" />} onClick={() => go(-7)}>
            {t('plantdb.sowing.previous')}
          </Button>
          <p className="sow-toolbar__label" aria-live="polite">
            {season.data
              ? t('plantdb.sowing.weekOf', { from: shortDate(season.data.monday), to: formatDate(season.data.sunday) })
              : t('plantdb.sowing.weekOfLoading')}
          </p>
          <Button variant="outline" size="sm" onClick={() => go(7)}>
            {t('plantdb.sowing.next')} <ChevronRight size={16} aria-hidden="true" />
          </Button>
          {week !== today ? (
            <Button variant="ghost" size="sm" onClick={() => go(null)}>
              {t('plantdb.sowing.thisWeek')}
            </Button>
          ) : null}
        </div>
        <p className="sow-toolbar__frost">
          {frost
            ? t(frost.firstAutumnFrost ? 'plantdb.sowing.frostBoth' : 'plantdb.sowing.frost', {
                spring: monthDayText(frost.lastSpringFrost),
                autumn: monthDayText(frost.firstAutumnFrost),
                source: t(season.data?.source === 'estimate' ? 'plantdb.sowing.estimated' : 'plantdb.sowing.fromSettings'),
              })
            : null}
        </p>
      </div>
      {season.data && !frost ? (
        <Alert title={t('plantdb.sowing.setFrost')} className="sow-alert">
          {frostLink(t('plantdb.sowing.setFrostText'))}
        </Alert>
      ) : null}
      <ul className="sow-legend" aria-label={t('plantdb.sowing.legend')}>
        {SOWING_STEPS.map(({ key }) => (
          <li key={key}>
            <span className={`sow-strip__bar sow-strip__bar--${key}`} aria-hidden="true" /> {t(STEP_LABELS[key])}
          </li>
        ))}
        <li>
          <span className="sow-legend__week" aria-hidden="true" /> {t('plantdb.sowing.thisWeek')}
        </li>
      </ul>
      <ListStates
        query={items}
        isEmpty={items.items.length === 0}
        noun={t('plantdb.sowing.noun')}
        loading={{ label: t('plantdb.sowing.loading'), skeleton: <CalendarSkeleton /> }}
        errorTitle={t(SOWING_LOAD_ERROR)}
        errorText={t('plantdb.sowing.failedText')}
        empty={{
          icon: <Sprout size={26} />,
          title: t('plantdb.sowing.empty'),
          text: t('plantdb.sowing.emptyText'),
        }}
        pager={items}
      >
        <div className="sow-list">
          <div className="sow-row sow-row--head" aria-hidden="true">
            <span />
            <div className="sow-strip sow-strip--head">
              {MONTH_NUMBERS.map((n) => (
                <span key={n} className={`sow-strip__label${n === month ? ' sow-strip__label--now' : ''}`}>
                  <span className="sow-strip__long">{monthName(n, 'short')}</span>
                  <span className="sow-strip__short">{monthName(n, 'narrow')}</span>
                </span>
              ))}
            </div>
            <span />
          </div>
          <ul className="sow-list__rows" aria-label={t('plantdb.sowing.listLabel')}>
            {items.items.map((entry) => (
              <li key={entry.item.id} className="sow-row">
                <div className="sow-row__name">
                  <Link to={`/plant-database/${entry.item.id}`} className="sow-row__title">
                    {entry.item.commonName}
                  </Link>
                  <ul className="sow-row__steps">
                    {SOWING_STEPS.map(({ key }) =>
                      entry[key] ? (
                        <li key={key} className={entry[key].open ? 'sow-row__step sow-row__step--open' : 'sow-row__step'}>
                          <span className={`sow-strip__bar sow-strip__bar--${key}`} aria-hidden="true" />
                          <strong>{t(STEP_LABELS[key])}</strong> {stepStatus(entry[key]) || windowText(entry[key])}
                        </li>
                      ) : null,
                    )}
                    {entry.harvestFrom ? (
                      <li className="sow-row__step">
                        {entry.harvestTo && entry.harvestTo !== entry.harvestFrom
                          ? t('plantdb.sowing.harvestRange', { from: shortDate(entry.harvestFrom), to: shortDate(entry.harvestTo) })
                          : t('plantdb.sowing.harvestFrom', { from: shortDate(entry.harvestFrom) })}
                      </li>
                    ) : null}
                  </ul>
                </div>
                <MonthStrip entry={entry} month={month} weekFraction={weekFraction} />
                <div className="sow-row__actions">
                  <AddToMyPlantsButton item={entry.item} size="sm" />
                  <RemindMe entry={entry} today={today} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </ListStates>
      <p className="sow-footnote">
        <Link to="/plant-database" className={buttonClass('ghost', 'sm')}>
          {t('plantdb.sowing.browse')}
        </Link>
      </p>
    </div>
  );
}
