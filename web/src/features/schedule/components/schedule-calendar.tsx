import { format, isSameMonth, isToday } from 'date-fns';
import type { CareTask } from '@/api/types';
import { TaskChip, TaskDot } from '@/components/task-chip/task-chip';
import { WEEKDAY_SHORT, monthGrid, parseDate, toDateKey, weekDays } from '@/lib/dates';
import { taskKey } from './task-item';

export type CalendarView = 'day' | 'week' | 'month';

/** groupByDate: tasks keyed by their yyyy-MM-dd scheduledDate. */
export function groupByDate(tasks: CareTask[]): Map<string, CareTask[]> {
  const map = new Map<string, CareTask[]>();
  for (const task of tasks) {
    const list = map.get(task.scheduledDate);
    if (list) list.push(task);
    else map.set(task.scheduledDate, [task]);
  }
  return map;
}

function describeDay(day: Date, tasks: CareTask[]): string {
  const base = format(day, 'EEEE, MMMM d, yyyy');
  if (tasks.length === 0) return base;
  return `${base}, ${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`;
}

function DayButton({
  day,
  tasks,
  selected,
  outside,
  onSelect,
  max,
  className,
}: {
  day: Date;
  tasks: CareTask[];
  selected: boolean;
  outside?: boolean;
  onSelect: (date: string) => void;
  max: number;
  className: string;
}) {
  const classes = [className];
  if (outside) classes.push(`${className}--outside`);
  if (isToday(day)) classes.push(`${className}--today`);
  const shown = tasks.slice(0, max);
  return (
    <button
      type="button"
      className={classes.join(' ')}
      aria-pressed={selected}
      aria-label={describeDay(day, tasks)}
      onClick={() => onSelect(toDateKey(day))}
    >
      <span className="cal-day__number">{format(day, 'd')}</span>
      {tasks.length > 0 ? (
        <span className="cal-day__chips" aria-hidden="true">
          {shown.map((task) => (
            <TaskChip key={taskKey(task)} task={task} />
          ))}
          {tasks.length > max ? <span className="cal-day__more">+{tasks.length - max} more</span> : null}
        </span>
      ) : null}
      {tasks.length > 0 ? (
        <span className="cal-day__dots" aria-hidden="true">
          {tasks.slice(0, 4).map((task) => (
            <TaskDot key={taskKey(task)} task={task} />
          ))}
        </span>
      ) : null}
    </button>
  );
}

/** ScheduleCalendar: the Day, Week or Month view around the selected date. */
export function ScheduleCalendar({
  view,
  selected,
  tasks,
  onSelect,
}: {
  view: CalendarView;
  selected: string;
  tasks: CareTask[];
  onSelect: (date: string) => void;
}) {
  const anchor = parseDate(selected) ?? new Date();
  const byDate = groupByDate(tasks);

  if (view === 'month') {
    const days = monthGrid(anchor);
    return (
      <div className="cal-month" role="group" aria-label={format(anchor, 'MMMM yyyy')}>
        {WEEKDAY_SHORT.map((d) => (
          <span key={d} className="cal-month__weekday" aria-hidden="true">
            {d}
          </span>
        ))}
        {days.map((day) => {
          const key = toDateKey(day);
          return (
            <DayButton
              key={key}
              className="cal-day"
              day={day}
              tasks={byDate.get(key) ?? []}
              selected={key === selected}
              outside={!isSameMonth(day, anchor)}
              onSelect={onSelect}
              max={3}
            />
          );
        })}
      </div>
    );
  }

  if (view === 'week') {
    return (
      <div className="cal-week" role="group" aria-label={`Week of ${format(weekDays(anchor)[0]!, 'MMMM d, yyyy')}`}>
        {weekDays(anchor).map((day) => {
          const key = toDateKey(day);
          const dayTasks = byDate.get(key) ?? [];
          const classes = ['cal-week__day'];
          if (isToday(day)) classes.push('cal-week__day--today');
          return (
            <button
              key={key}
              type="button"
              className={classes.join(' ')}
              aria-pressed={key === selected}
              aria-label={describeDay(day, dayTasks)}
              onClick={() => onSelect(key)}
            >
              <span className="cal-week__head">
                <span className="cal-week__weekday">{format(day, 'EEE')}</span>
                <span className="cal-week__date">{format(day, 'd')}</span>
              </span>
              <span className="cal-week__tasks" aria-hidden="true">
                {dayTasks.length === 0 ? <span className="cal-week__none">—</span> : null}
                {dayTasks.map((task) => (
                  <TaskChip key={taskKey(task)} task={task} />
                ))}
              </span>
            </button>
          );
        })}
      </div>
    );
  }

  const dayTasks = byDate.get(selected) ?? [];
  return (
    <div className="cal-dayview" role="group" aria-label={format(anchor, 'EEEE, MMMM d, yyyy')}>
      <p className="cal-dayview__date">
        <span className="cal-dayview__weekday">{format(anchor, 'EEEE')}</span>
        <span className="cal-dayview__full">{format(anchor, 'MMMM d, yyyy')}</span>
      </p>
      <p className="cal-dayview__summary">
        {dayTasks.length === 0
          ? 'Nothing planned for this day.'
          : `${dayTasks.length} ${dayTasks.length === 1 ? 'task' : 'tasks'} planned`}
      </p>
      {dayTasks.length > 0 ? (
        <div className="cal-dayview__chips" aria-hidden="true">
          {dayTasks.map((task) => (
            <TaskChip key={taskKey(task)} task={task} size="md" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
