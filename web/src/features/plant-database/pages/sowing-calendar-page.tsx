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
import { MONTHS, SOWING_STEPS, monthDayText, openSteps, stepStatus, windowText } from '@/lib/sowing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddToMyPlantsButton, sameSpecies } from '../components/add-to-my-plants-button';
import './sowing-calendar-page.css';

/** How many items a page of the calendar reads. */
export const SOWING_PAGE_SIZE = 20;

/** The error title of the calendar's list. */
export const SOWING_LOAD_ERROR = 'Failed to load the sowing calendar';

/** MonthStrip: twelve cells, each marked with the steps whose window touches that month. */
function MonthStrip({ entry, month, weekFraction }: { entry: SowingEntry; month: number; weekFraction: number }) {
  return (
    <div className="sow-strip" aria-hidden="true">
      {MONTHS.map((name, i) => (
        <div key={name} className={`sow-strip__cell${i + 1 === month ? ' sow-strip__cell--now' : ''}`}>
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
  const step = openSteps(entry)[0] ?? null;
  // Read while rendering: SWR re-renders only for what a render used.
  const own = sameSpecies(mine.data, entry.item)[0];
  if (!step) return null;
  const onClick = async () => {
    try {
      const done = await remind.trigger({ id: entry.item.id, step: step.key, plantId: own?.id, today });
      toast({
        title: 'Reminder set',
        description: `${step.label}: ${entry.item.commonName} is on your schedule for ${formatDate(done.task.scheduledDate, 'MMM d')}.`,
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Error', description: error instanceof Error ? error.message : 'The reminder could not be set.', variant: 'destructive' });
    }
  };
  return (
    <Button variant="outline" size="sm" icon={<BellPlus size={16} aria-hidden="true" />} loading={remind.isMutating} onClick={() => void onClick()}>
      Remind me
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
  useDocumentTitle('Sowing Calendar');
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
        title="Sowing Calendar"
        description="What you can sow this week, placed by your frost dates, with the months each plant is sown and planted out."
      />
      <div className="sow-toolbar">
        <div className="sow-toolbar__week" role="group" aria-label="Week">
          <Button variant="outline" size="sm" icon={<ChevronLeft size={16} aria-hidden="true" />} onClick={() => go(-7)}>
            Previous
          </Button>
          <p className="sow-toolbar__label" aria-live="polite">
            {season.data ? `Week of ${formatDate(season.data.monday, 'MMM d')} – ${formatDate(season.data.sunday, 'MMM d, yyyy')}` : 'Week of …'}
          </p>
          <Button variant="outline" size="sm" onClick={() => go(7)}>
            Next <ChevronRight size={16} aria-hidden="true" />
          </Button>
          {week !== today ? (
            <Button variant="ghost" size="sm" onClick={() => go(null)}>
              This week
            </Button>
          ) : null}
        </div>
        <p className="sow-toolbar__frost">
          {frost
            ? `Last spring frost ${monthDayText(frost.lastSpringFrost)}${frost.firstAutumnFrost ? `, first autumn frost ${monthDayText(frost.firstAutumnFrost)}` : ''} (${season.data?.source === 'estimate' ? "estimated from your garden's location" : 'from your settings'}).`
            : null}
        </p>
      </div>
      {season.data && !frost ? (
        <Alert title="Set your frost dates" className="sow-alert">
          Many seeds are sown a number of weeks before the last spring frost. <Link to="/settings#frost-dates">Set your frost dates in Settings</Link> to see
          them here; until then only windows given in months are shown.
        </Alert>
      ) : null}
      <ul className="sow-legend" aria-label="Legend">
        {SOWING_STEPS.map(({ key, label }) => (
          <li key={key}>
            <span className={`sow-strip__bar sow-strip__bar--${key}`} aria-hidden="true" /> {label}
          </li>
        ))}
        <li>
          <span className="sow-legend__week" aria-hidden="true" /> This week
        </li>
      </ul>
      <ListStates
        query={items}
        isEmpty={items.items.length === 0}
        noun="plants to sow"
        loading={{ label: 'Loading the sowing calendar…', skeleton: <CalendarSkeleton /> }}
        errorTitle={SOWING_LOAD_ERROR}
        errorText="Something went wrong while loading what to sow. Please try again."
        empty={{
          icon: <Sprout size={26} />,
          title: 'Nothing to sow this week',
          text: 'No plant in the database can be sown this week. Try the next weeks, or ask an administrator to add sowing windows to the plant database.',
        }}
        pager={items}
      >
        <div className="sow-list">
          <div className="sow-row sow-row--head" aria-hidden="true">
            <span />
            <div className="sow-strip sow-strip--head">
              {MONTHS.map((name, i) => (
                <span key={name} className={`sow-strip__label${i + 1 === month ? ' sow-strip__label--now' : ''}`}>
                  <span className="sow-strip__long">{name.slice(0, 3)}</span>
                  <span className="sow-strip__short">{name[0]}</span>
                </span>
              ))}
            </div>
            <span />
          </div>
          <ul className="sow-list__rows" aria-label="What to sow this week">
            {items.items.map((entry) => (
              <li key={entry.item.id} className="sow-row">
                <div className="sow-row__name">
                  <Link to={`/plant-database/${entry.item.id}`} className="sow-row__title">
                    {entry.item.commonName}
                  </Link>
                  <ul className="sow-row__steps">
                    {SOWING_STEPS.map(({ key, label }) =>
                      entry[key] ? (
                        <li key={key} className={entry[key].open ? 'sow-row__step sow-row__step--open' : 'sow-row__step'}>
                          <span className={`sow-strip__bar sow-strip__bar--${key}`} aria-hidden="true" />
                          <strong>{label}</strong> {stepStatus(entry[key]) || windowText(entry[key])}
                        </li>
                      ) : null,
                    )}
                    {entry.harvestFrom ? (
                      <li className="sow-row__step">
                        Harvest from {formatDate(entry.harvestFrom, 'MMM d')}
                        {entry.harvestTo && entry.harvestTo !== entry.harvestFrom ? ` to ${formatDate(entry.harvestTo, 'MMM d')}` : ''}
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
          Browse the whole plant database
        </Link>
      </p>
    </div>
  );
}
