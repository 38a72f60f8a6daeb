import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { careDueByDate, useCareDue } from '@/api/care-tasks/get-care-due';
import { useCareTasksInRange } from '@/api/care-tasks/get-care-tasks-in-range';
import { TaskChip } from '@/components/task-chip/task-chip';
import { Button } from '@/components/ui/button';
import { deferred } from '@/components/ui/deferred';
import { Segmented } from '@/components/ui/segmented';
import { taskLabel } from '@/lib/care';
import { addDays, format, isoWeek, isToday, localDate, toDateKey, weekDays } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { DueCareButton } from './due-care-button';
import { DashboardSection } from './section';

const VIEWS = [
  { value: 'day', label: 'dashboard.week.viewDay' },
  { value: 'week', label: 'dashboard.week.viewWeek' },
  { value: 'month', label: 'dashboard.week.viewMonth' },
] as const satisfies readonly { value: string; label: MessageKey }[];

const shortDay = (d: Date) => localDate(d, { month: 'short', day: 'numeric' });
const longDay = (d: Date) => localDate(d, { weekday: 'long', month: 'long', day: 'numeric' });

// The menu behind each due chip loads just after the first page (see deferred): the chip
// shows at once, its Radix menu code arrives a moment later.
const DueCareMenu = deferred(
  () => import('./due-care-menu').then((m) => m.DueCareMenu),
  ({ due, onActivate }) => <DueCareButton due={due} onClick={onActivate} />,
);

/**
 * WeekStrip: the dashboard's weekly schedule, the language's first day first, with the ISO week number and
 * previous/next week arrows. The Day/Week/Month toggles change nothing visible (spec 01
 * §2): the full calendar is on the Schedule page. Each day shows the plants' due waterings
 * and fertilizings (as the Schedule and the iCal feed place them), then its tasks.
 */
export function WeekStrip() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const [view, setView] = useState<'day' | 'week' | 'month'>('week');
  const anchor = addDays(new Date(), offset * 7);
  const days = weekDays(anchor);
  const from = toDateKey(days[0]!);
  const to = toDateKey(days[6]!);
  const tasks = useCareTasksInRange(from, to);
  const due = useCareDue(from, to);
  const dueByDay = careDueByDate(due.data);
  const byDay = new Map<string, NonNullable<typeof tasks.data>>();
  for (const task of tasks.data ?? []) {
    const list = byDay.get(task.scheduledDate) ?? [];
    list.push(task);
    byDay.set(task.scheduledDate, list);
  }

  return (
    <DashboardSection
      id="dash-schedule"
      title={t('nav.schedule')}
      icon={<CalendarDays size={18} />}
      link={{ to: '/schedule', label: t('dashboard.week.openSchedule') }}
    >
      <div className="week-strip__toolbar">
        <div className="week-strip__nav">
          <Button variant="ghost" size="icon" aria-label={t('dashboard.week.previous')} onClick={() => setOffset((o) => o - 1)}>
            <ChevronLeft size={20} aria-hidden="true" />
          </Button>
          <p className="week-strip__label" aria-live="polite">
            <strong>{t('dashboard.week.number', { week: isoWeek(anchor) })}</strong>
            <span>
              {shortDay(days[0]!)} – {shortDay(days[6]!)}
            </span>
          </p>
          <Button variant="ghost" size="icon" aria-label={t('dashboard.week.next')} onClick={() => setOffset((o) => o + 1)}>
            <ChevronRight size={20} aria-hidden="true" />
          </Button>
        </div>
        <Segmented label={t('dashboard.week.viewLabel')} options={VIEWS.map((v) => ({ value: v.value, label: t(v.label) }))} value={view} onChange={setView} />
      </div>
      {tasks.error ? <p className="dash-error">{t('dashboard.week.loadFailed')}</p> : null}
      <ol className="week-strip" aria-busy={tasks.isLoading || due.isLoading}>
        {days.map((day) => {
          const key = toDateKey(day);
          const list = byDay.get(key) ?? [];
          const care = dueByDay.get(key) ?? [];
          const room = Math.max(0, 3 - care.length);
          const hidden = Math.max(0, care.length - 3) + Math.max(0, list.length - room);
          return (
            <li
              key={key}
              className={isToday(day) ? 'week-strip__day week-strip__day--today' : 'week-strip__day'}
              aria-label={
                care.length
                  ? t('dashboard.week.dayLabelDue', { day: longDay(day), tasks: list.length, due: care.length })
                  : t('dashboard.week.dayLabel', { day: longDay(day), tasks: list.length })
              }
            >
              <span className="week-strip__weekday">{localDate(day, { weekday: 'short' })}</span>
              <span className="week-strip__date">{format(day, 'd')}</span>
              <span className="week-strip__tasks">
                {care.slice(0, 3).map((c) => (
                  <DueCareMenu key={`d${c.plantId}-${c.taskType}`} due={c} />
                ))}
                {list.slice(0, room).map((task) => (
                  <Link
                    key={task.id ?? `p${task.sourceTaskId}-${task.scheduledDate}`}
                    to="/schedule"
                    className="week-strip__task"
                    title={`${taskLabel(task.taskType)} · ${task.plantName ?? ''}`}
                  >
                    <TaskChip task={task} />
                  </Link>
                ))}
                {hidden > 0 ? (
                  <Link
                    to={`/schedule?date=${key}`}
                    className="week-strip__more"
                    aria-label={t('dashboard.week.more', { count: hidden, day: longDay(day) })}
                  >
                    +{hidden}
                  </Link>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </DashboardSection>
  );
}
