import { addDays, addMonths, format } from 'date-fns';
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
import { isoWeek, monthGrid, parseDate, toDateKey, todayKey, weekDays } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCareTasksOnDate } from '../api/get-care-tasks-on-date';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { ScheduleCalendar, type CalendarView } from '../components/schedule-calendar';
import { TaskDialog } from '../components/task-dialog';
import { TaskItem, taskKey } from '@/components/task-item/task-item';
import './schedule-page.css';

const VIEWS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;

/** The first and last yyyy-MM-dd a view shows. */
export function viewRange(view: CalendarView, anchor: Date): [string, string] {
  if (view === 'day') return [toDateKey(anchor), toDateKey(anchor)];
  const days = view === 'week' ? weekDays(anchor) : monthGrid(anchor);
  return [toDateKey(days[0]!), toDateKey(days[days.length - 1]!)];
}

function viewTitle(view: CalendarView, anchor: Date): string {
  if (view === 'day') return format(anchor, 'EEEE, MMMM d, yyyy');
  if (view === 'week') {
    const days = weekDays(anchor);
    return `Week ${isoWeek(anchor)} · ${format(days[0]!, 'MMM d')} – ${format(days[6]!, 'MMM d, yyyy')}`;
  }
  return format(anchor, 'MMMM yyyy');
}

function step(view: CalendarView, anchor: Date, direction: 1 | -1): Date {
  if (view === 'day') return addDays(anchor, direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  return addMonths(anchor, direction);
}

function SelectedDayTasks({ date, care, onAdd }: { date: string; care: CareDue[]; onAdd: () => void }) {
  const tasks = useCareTasksOnDate(date);
  const day = parseDate(date) ?? new Date();
  const list = tasks.data ?? [];
  return (
    <section className="day-tasks" aria-labelledby="day-tasks-title">
      <div className="day-tasks__header">
        <h2 id="day-tasks-title" className="day-tasks__title">
          Tasks for {format(day, 'EEEE, MMMM d')}
        </h2>
      </div>
      <ListStates
        query={tasks}
        isEmpty={list.length === 0 && care.length === 0}
        compact
        titleAs="h3"
        retry="compact"
        loading={{ label: 'Loading tasks…', rows: 2, height: 72, radius: 12, className: 'day-tasks__list' }}
        errorTitle="Could not load the tasks"
        errorText=""
        empty={{
          icon: <CalendarPlus size={22} />,
          title: 'No tasks for this day',
          text: <>Nothing to do on {format(day, 'MMMM d')}. Plan some care?</>,
          action: (
            <Button icon={<Plus size={16} aria-hidden="true" />} onClick={onAdd}>
              Schedule a Task
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
  useDocumentTitle('Schedule');
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
        title="Schedule"
        description="Plan and track the care of your plants."
        actions={
          <Button icon={<Plus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add Task
          </Button>
        }
      />
      <OverdueGroup />
      <section className="calendar-card" aria-label="Calendar">
        <div className="calendar-toolbar">
          <div className="calendar-toolbar__nav">
            <Button variant="outline" size="sm" onClick={() => setSelected(todayKey())}>
              Today
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Previous ${view}`}
              onClick={() => setSelected(toDateKey(step(view, anchor, -1)))}
            >
              <ChevronLeft size={20} aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Next ${view}`}
              onClick={() => setSelected(toDateKey(step(view, anchor, 1)))}
            >
              <ChevronRight size={20} aria-hidden="true" />
            </Button>
            <h2 className="calendar-toolbar__title" aria-live="polite">
              {viewTitle(view, anchor)}
            </h2>
          </div>
          <Segmented label="Calendar view" options={VIEWS} value={view} onChange={setView} />
        </div>
        {range.error ? (
          <p className="calendar-card__error" role="alert">
            The calendar could not be loaded.{' '}
            <button type="button" className="link-button" onClick={() => void range.mutate()}>
              Try again
            </button>
          </p>
        ) : null}
        <div className={range.isLoading ? 'calendar-card__body calendar-card__body--loading' : 'calendar-card__body'} aria-busy={range.isLoading}>
          <ScheduleCalendar view={view} selected={selected} tasks={range.data ?? []} care={due.data} onSelect={setSelected} />
        </div>
        <ul className="calendar-legend" aria-label="Legend">
          <li>
            <TaskDot task={{ taskType: 'water', completed: false }} /> Scheduled
          </li>
          <li>
            <TaskDot task={{ taskType: 'water', completed: true }} /> Completed
          </li>
          <li>
            <TaskDot task={{ taskType: 'water', completed: false, projected: true }} /> Upcoming repeat
          </li>
          <li>
            <CareDueChip due={{ plantId: 0, plantName: '', taskType: 'water', date: '', dueDate: '', overdue: false }} /> Due by the
            plant's schedule
          </li>
        </ul>
      </section>
      <SelectedDayTasks date={selected} care={selectedCare} onAdd={() => setAdding(true)} />
      <CalendarFeedCard />
      <TaskDialog open={adding} onOpenChange={setAdding} date={selected} />
    </div>
  );
}
