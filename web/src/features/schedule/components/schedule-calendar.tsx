import { isSameMonth, isToday } from 'date-fns';
import { careDueByDate } from '@/api/care-tasks/get-care-due';
import type { CareDue, CareTask } from '@/api/types';
import { CareDueChip, TaskChip, TaskDot } from '@/components/task-chip/task-chip';
import { localDate, weekdayNames, monthGrid, parseDate, toDateKey, weekDays } from '@/lib/dates';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { taskKey } from '@/components/task-item/task-item';

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

/** The full date in words: "Friday, November 27, 2026" in English, the language's own order elsewhere. */
export const FULL_DATE: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };

function describeDay(day: Date, tasks: CareTask[], care: CareDue[] = []): string {
  const date = localDate(day, FULL_DATE);
  if (tasks.length > 0 && care.length > 0) return t('schedule.day.tasksAndCare', { date, tasks: tasks.length, care: care.length });
  if (tasks.length > 0) return t('schedule.day.tasks', { date, tasks: tasks.length });
  if (care.length > 0) return t('schedule.day.care', { date, care: care.length });
  return date;
}

const dayNumber = (day: Date) => localDate(day, { day: 'numeric' });

function dueKey(due: CareDue): string {
  return `d${due.plantId}-${due.taskType}`;
}

function DayButton({
  day,
  tasks,
  care,
  selected,
  outside,
  onSelect,
  max,
  className,
}: {
  day: Date;
  tasks: CareTask[];
  care: CareDue[];
  selected: boolean;
  outside?: boolean;
  onSelect: (date: string) => void;
  max: number;
  className: string;
}) {
  const t = useT();
  const classes = [className];
  if (outside) classes.push(`${className}--outside`);
  if (isToday(day)) classes.push(`${className}--today`);
  const total = care.length + tasks.length;
  const shownCare = care.slice(0, max);
  const shownTasks = tasks.slice(0, Math.max(0, max - shownCare.length));
  return (
    <button
      type="button"
      className={classes.join(' ')}
      aria-pressed={selected}
      onClick={() => onSelect(toDateKey(day))}
    >
      {/* The name is the full date in words, as content rather than aria-label, so that the
          visible number and chips are not outside it (WCAG 2.5.3, issue 27). */}
      <span className="visually-hidden">{describeDay(day, tasks, care)}</span>
      <span className="cal-day__number" aria-hidden="true">
        {dayNumber(day)}
      </span>
      {total > 0 ? (
        <span className="cal-day__chips" aria-hidden="true">
          {shownCare.map((due) => (
            <CareDueChip key={dueKey(due)} due={due} />
          ))}
          {shownTasks.map((task) => (
            <TaskChip key={taskKey(task)} task={task} />
          ))}
          {total > max ? <span className="cal-day__more">{t('schedule.day.more', { count: total - max })}</span> : null}
        </span>
      ) : null}
      {total > 0 ? (
        <span className="cal-day__dots" aria-hidden="true">
          {care.slice(0, 4).map((due) => (
            <TaskDot key={dueKey(due)} task={{ taskType: due.taskType, completed: false }} />
          ))}
          {tasks.slice(0, Math.max(0, 4 - care.length)).map((task) => (
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
  care = [],
  onSelect,
}: {
  view: CalendarView;
  selected: string;
  tasks: CareTask[];
  /** Due waterings and fertilizings (GET /api/care-due), shown before the day's tasks. */
  care?: CareDue[];
  onSelect: (date: string) => void;
}) {
  const t = useT();
  const anchor = parseDate(selected) ?? new Date();
  const byDate = groupByDate(tasks);
  const careByDate = careDueByDate(care);

  if (view === 'month') {
    const days = monthGrid(anchor);
    return (
      <div className="cal-month" role="group" aria-label={localDate(anchor, { month: 'long', year: 'numeric' })}>
        {weekdayNames().map((d) => (
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
              care={careByDate.get(key) ?? []}
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
      <div className="cal-week" role="group" aria-label={t('schedule.weekOf', { date: localDate(weekDays(anchor)[0]!, { month: 'long', day: 'numeric', year: 'numeric' }) })}>
        {weekDays(anchor).map((day) => {
          const key = toDateKey(day);
          const dayTasks = byDate.get(key) ?? [];
          const dayCare = careByDate.get(key) ?? [];
          const classes = ['cal-week__day'];
          if (isToday(day)) classes.push('cal-week__day--today');
          return (
            <button
              key={key}
              type="button"
              className={classes.join(' ')}
              aria-pressed={key === selected}
              aria-label={describeDay(day, dayTasks, dayCare)}
              onClick={() => onSelect(key)}
            >
              <span className="cal-week__head">
                <span className="cal-week__weekday">{localDate(day, { weekday: 'short' })}</span>
                <span className="cal-week__date">{dayNumber(day)}</span>
              </span>
              <span className="cal-week__tasks" aria-hidden="true">
                {dayTasks.length + dayCare.length === 0 ? <span className="cal-week__none">—</span> : null}
                {dayCare.map((due) => (
                  <CareDueChip key={dueKey(due)} due={due} />
                ))}
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
  const dayCare = careByDate.get(selected) ?? [];
  const count = dayTasks.length + dayCare.length;
  return (
    <div className="cal-dayview" role="group" aria-label={localDate(anchor, FULL_DATE)}>
      <p className="cal-dayview__date">
        <span className="cal-dayview__weekday">{localDate(anchor, { weekday: 'long' })}</span>
        <span className="cal-dayview__full">{localDate(anchor, { month: 'long', day: 'numeric', year: 'numeric' })}</span>
      </p>
      <p className="cal-dayview__summary">
        {count === 0 ? t('schedule.day.nothing') : t('schedule.day.things', { count })}
      </p>
      {count > 0 ? (
        <div className="cal-dayview__chips" aria-hidden="true">
          {dayCare.map((due) => (
            <CareDueChip key={dueKey(due)} due={due} size="md" />
          ))}
          {dayTasks.map((task) => (
            <TaskChip key={taskKey(task)} task={task} size="md" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
