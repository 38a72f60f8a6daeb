import type { CareTask } from '@/api/types';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { taskLabel } from '@/lib/care';
import './task-chip.css';

/** careTone: the class that gives an element its task type's colours (--care-bg, --care-fg). */
export function careTone(type: string): string {
  return `care-tone--${type}`;
}

/**
 * TaskChip: a small coloured label of a task (icon and plant name) in calendars. Completed
 * tasks are struck through; projected repeats are dashed and italic.
 */
export function TaskChip({ task, size = 'sm' }: { task: CareTask; size?: 'sm' | 'md' }) {
  const classes = ['cal-chip', careTone(task.taskType)];
  if (size === 'md') classes.push('cal-chip--md');
  if (task.completed) classes.push('cal-chip--done');
  if (task.projected) classes.push('cal-chip--projected');
  const name = task.plantName || `Plant ${task.plantId}`;
  return (
    <span className={classes.join(' ')} title={`${taskLabel(task.taskType)} · ${name}${task.projected ? ' (upcoming repeat)' : ''}`}>
      <TaskTypeIcon type={task.taskType} size={size === 'md' ? 14 : 12} />
      <span className="cal-chip__text">{name}</span>
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
