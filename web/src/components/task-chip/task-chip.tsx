import type { CareDue, CareTask } from '@/api/types';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { taskLabel } from '@/lib/care';
import './task-chip.css';

/** careTone: the class that gives an element its task type's colours (--care-bg, --care-fg). */
export function careTone(type: string): string {
  return `care-tone--${type}`;
}

/**
 * TaskChip: a small coloured label of a task in calendars: the task type's icon, then the
 * plant's name over at most two lines (the type is in the icon, the colour and the hover
 * text; the full text is the title and, on a phone, the day's list a tap opens). Completed
 * tasks are struck through; projected repeats are dashed and italic.
 */
export function TaskChip({ task, size = 'sm' }: { task: CareTask; size?: 'sm' | 'md' }) {
  const classes = ['cal-chip', careTone(task.taskType)];
  if (size === 'md') classes.push('cal-chip--md');
  if (task.completed) classes.push('cal-chip--done');
  if (task.projected) classes.push('cal-chip--projected');
  const name = task.plantName || `Plant ${task.plantId}`;
  const label = taskLabel(task.taskType);
  return (
    <span className={classes.join(' ')} title={`${label} · ${name}${task.projected ? ' (upcoming repeat)' : ''}`}>
      <TaskTypeIcon type={task.taskType} size={size === 'md' ? 14 : 12} />
      <span className="cal-chip__text">
        <span className="visually-hidden">{label} </span>
        {name}
      </span>
    </span>
  );
}

/**
 * CareDueChip: a plant's due watering or fertilizing in calendars (solid edge, no fill), as the
 * iCal feed shows it; an overdue one (shown on today) is marked red.
 */
export function CareDueChip({ due, size = 'sm' }: { due: CareDue; size?: 'sm' | 'md' }) {
  const classes = ['cal-chip', 'cal-chip--due', careTone(due.taskType)];
  if (size === 'md') classes.push('cal-chip--md');
  if (due.overdue) classes.push('cal-chip--overdue');
  const verb = due.taskType === 'water' ? 'Water' : 'Fertilize';
  return (
    <span className={classes.join(' ')} title={`${verb} ${due.plantName}${due.overdue ? ' (overdue)' : ' (due)'}`}>
      <TaskTypeIcon type={due.taskType} size={size === 'md' ? 14 : 12} />
      <span className="cal-chip__text">
        <span className="visually-hidden">{verb} </span>
        {due.plantName}
      </span>
    </span>
  );
}

/** TaskDot: a coloured dot for a task (phone-sized calendars). */
export function TaskDot({ task }: { task: Pick<CareTask, 'taskType' | 'completed' | 'projected'> }) {
  const classes = ['cal-dot', careTone(task.taskType)];
  if (task.completed) classes.push('cal-dot--done');
  if (task.projected) classes.push('cal-dot--projected');
  return <span className={classes.join(' ')} />;
}
