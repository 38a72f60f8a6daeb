import { addDays, addMonths } from 'date-fns';
import { CalendarPlus, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { careDueByDate, useCareDue } from '@/api/care-tasks/get-care-due';
import { useCareTasksInRange } from '@/api/care-tasks/get-care-tasks-in-range';
import type { CareDue } from '@/api/types';
import { OverdueGroup } from '@/components/overdue/overdue-group';
import { CareDueChip, TaskDot } from '@/components/task-chip/task-chip';
import { CareDueItem } from '@/components/task-item/care-due-item';
import { Button } from '@/components/ui/button';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { Segmented } from '@/components/ui/segmented';
import { isoWeek, localDate, monthGrid, parseDate, toDateKey, todayKey, weekDays } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT, type Translate } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCareTasksOnDate } from '../api/get-care-tasks-on-date';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { FULL_DATE, ScheduleCalendar, type CalendarView } from '../components/schedule-calendar';
import { TaskDialog } from '../components/task-dialog';
import { TaskItem, taskKey } from '@/components/task-item/task-item';
import './schedule-page.css';

const VIEWS: { value: CalendarView; label: MessageKey }[] = [
  { value: 'day', label: 'schedule.view.viewDay' },
  { value: 'week', label: 'schedule.view.viewWeek' },
  { value: 'month', label: 'schedule.view.viewMonth' },
];

/** The previous and next buttons' names of each view. */
const STEP_LABELS: Record<CalendarView, [MessageKey, MessageKey]> = {
  day: ['schedule.previousDay', 'schedule.nextDay'],
  week: ['schedule.view.previous', 'schedule.view.next'],
  month: ['schedule.previousMonth', 'schedule.nextMonth'],
};

/** The first and last yyyy-MM-dd a view shows. */
export function viewRange(view: CalendarView, anchor: Date): [string, string] {
  if (view === 'day') return [toDateKey(anchor), toDateKey(anchor)];
  const days = view === 'week' ? weekDays(anchor) : monthGrid(anchor);
  return [toDateKey(days[0]!), toDateKey(days[days.length - 1]!)];
}

function viewTitle(t: Translate, view: CalendarView, anchor: Date): string {
  if (view === 'day') return localDate(anchor, FULL_DATE);
  if (view === 'week') {
    const days = weekDays(anchor);
    return t('schedule.weekTitle', {
      week: isoWeek(anchor),
      from: localDate(days[0]!, { month: 'short', day: 'numeric' }),
      to: localDate(days[6]!, { month: 'short', day: 'numeric', year: 'numeric' }),
    });
  }
  return localDate(anchor, { month: 'long', year: 'numeric' });
}

function step(view: CalendarView, anchor: Date, direction: 1 | -1): Date {
  if (view === 'day') return addDays(anchor, direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  return addMonths(anchor, direction);
}

function SelectedDayTasks({ date, care, onAdd }: { date: string; care: CareDue[]; onAdd: () => void }) {
  const t = useT();
  const tasks = useCareTasksOnDate(date);
  const day = parseDate(date) ?? new Date();
  const list = tasks.data ?? [];
  return (
    <section className="day-tasks" aria-labelledby="day-tasks-title">
      <div className="day-tasks__header">
        <h2 id="day-tasks-title" className="day-tasks__title">
          {t('schedule.tasksFor', { date: localDate(day, { weekday: 'long', month: 'long', day: 'numeric' }) })}
        </h2>
      </div>
      <ListStates
        query={tasks}
        isEmpty={list.length === 0 && care.length === 0}
        compact
        titleAs="h3"
        retry="compact"
        loading={{ label: t('schedule.loadingTasks'), rows: 2, height: 72, radius: 12, className: 'day-tasks__list' }}
        errorTitle={t('schedule.loadTasksFailed')}
        errorText=""
        empty={{
          icon: <CalendarPlus size={22} />,
          title: t('schedule.noTasks'),
          text: t('schedule.noTasksText', { date: localDate(day, { month: 'long', day: 'numeric' }) }),
          action: (
            <Button icon={<Plus size={16} aria-hidden="true" />} onClick={onAdd}>
              {t('schedule.scheduleTask')}
            </Button>
          ),
        }}
      >
        <ul className="day-tasks__list">
          {care.map((due) => (
            <CareDueItem key={`d${due.plantId}-${due.taskType}`} due={due} />
          ))}
          {list.map((task) => (
            <TaskItem key={taskKey(task)} task={task} />
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

/** SchedulePage (/schedule): the care calendar, the selected day's tasks and the iCal feed. */
export function SchedulePage() {
  const t = useT();
  useDocumentTitle(t('nav.schedule'));
  const [view, setView] = useState<CalendarView>('month');
  // ?date=yyyy-MM-dd opens that day (the dashboard week strip's "+N").
  const [params] = useSearchParams();
  const [selected, setSelected] = useState(() => {
    const asked = params.get('date');
    return asked && parseDate(asked) ? asked : todayKey();
  });
  const [adding, setAdding] = useState(false);
  const anchor = parseDate(selected) ?? new Date();
  const [from, to] = viewRange(view, anchor);
  const range = useCareTasksInRange(from, to);
  const due = useCareDue(from, to);
  // Overdue care is listed once, in the Overdue group above (with its tasks merged in).
  const selectedCare = (careDueByDate(due.data).get(selected) ?? []).filter((c) => !c.overdue);

  return (
    <div className="schedule-page">
      <PageHeader
        title={t('nav.schedule')}
        description={t('schedule.description')}
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('schedule.addTask')}
          </Button>
        }
      />
      <OverdueGroup />
      <section className="calendar-card" aria-label={t('schedule.calendar')}>
        <div className="calendar-toolbar">
          <div className="calendar-toolbar__nav">
            <Button variant="outline" size="sm" onClick={() => setSelected(todayKey())}>
              {t('date.today')}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t(STEP_LABELS[view][0])}
              onClick={() => setSelected(toDateKey(step(view, anchor, -1)))}
            >
              <ChevronLeft size={20} aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t(STEP_LABELS[view][1])}
              onClick={() => setSelected(toDateKey(step(view, anchor, 1)))}
            >
              <ChevronRight size={20} aria-hidden="true" />
            </Button>
            <h2 className="calendar-toolbar__title" aria-live="polite">
              {viewTitle(t, view, anchor)}
            </h2>
          </div>
          <Segmented
            label={t('schedule.view.viewLabel')}
            options={VIEWS.map((v) => ({ value: v.value, label: t(v.label) }))}
            value={view}
            onChange={setView}
          />
        </div>
        {range.error ? (
          <p className="calendar-card__error" role="alert">
            {t('schedule.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void range.mutate()}>
              {t('common.tryAgain')}
            </button>
          </p>
        ) : null}
        <div className={range.isLoading ? 'calendar-card__body calendar-card__body--loading' : 'calendar-card__body'} aria-busy={range.isLoading}>
          <ScheduleCalendar view={view} selected={selected} tasks={range.data ?? []} care={due.data} onSelect={setSelected} />
        </div>
        <ul className="calendar-legend" aria-label={t('schedule.legend.title')}>
          <li>
            <TaskDot task={{ taskType: 'water', completed: false }} /> {t('schedule.legend.scheduled')}
          </li>
          <li>
            <TaskDot task={{ taskType: 'water', completed: true }} /> {t('schedule.legend.completed')}
          </li>
          <li>
            <TaskDot task={{ taskType: 'water', completed: false, projected: true }} /> {t('schedule.legend.repeat')}
          </li>
          <li>
            <CareDueChip due={{ plantId: 0, plantName: '', taskType: 'water', date: '', dueDate: '', overdue: false }} />{' '}
            {t('schedule.legend.due')}
          </li>
        </ul>
      </section>
      <SelectedDayTasks date={selected} care={selectedCare} onAdd={() => setAdding(true)} />
      <CalendarFeedCard />
      <TaskDialog open={adding} onOpenChange={setAdding} date={selected} />
    </div>
  );
}
