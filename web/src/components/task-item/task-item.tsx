import { Check, CloudUpload, Repeat, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCompleteCareTask } from '@/api/care-tasks/complete-care-task';
import { queueCare, unreachable, useOfflineQueue } from '@/api/offline-queue';
import type { CareTask } from '@/api/types';
import { careTone } from '@/components/task-chip/task-chip';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { format, formatDate, isOverdue } from '@/lib/dates';
import { useDeleteCareTask } from '@/api/care-tasks/delete-care-task';
import './task-item.css';

/** taskKey: a stable React key, also for projected occurrences (which have no id). */
export function taskKey(task: CareTask): string {
  return task.id != null ? `t${task.id}` : `p${task.sourceTaskId}-${task.scheduledDate}`;
}

/**
 * TaskItem: one task with Complete and Delete (the Schedule's day list, the Overdue groups).
 * Completed tasks show "Completed: (date)" and no Complete button; projected occurrences are
 * read-only; an overdue task says since when.
 */
export function TaskItem({ task }: { task: CareTask }) {
  const complete = useCompleteCareTask();
  const remove = useDeleteCareTask();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const label = taskLabel(task.taskType);
  const plantName = task.plantName || `Plant ${task.plantId}`;

  const waiting = useOfflineQueue((items) => items.some((q) => q.kind === 'complete' && q.taskId === task.id));

  const onComplete = async () => {
    if (task.id == null) return;
    const at = new Date().toISOString();
    const keep = () => {
      queueCare({ kind: 'complete', taskId: task.id!, at, label: `${label} ${plantName}` });
      toast({ title: 'Saved on this device', description: `${label} ${plantName} is sent as done at ${format(new Date(at), 'h:mm a')} when you are back online.` });
    };
    if (unreachable()) return keep();
    try {
      const done = await complete.trigger({ id: task.id, completedDate: at });
      toast({
        title: 'Task completed',
        description: done?.nextTask ? `Next ${label.toLowerCase()} on ${formatDate(done.nextTask.scheduledDate)}.` : undefined,
        variant: 'success',
      });
    } catch (error) {
      if (unreachable(error)) return keep();
      toast({ title: 'Error', description: 'Could not complete the task. Please try again.', variant: 'destructive' });
    }
  };

  const onDelete = async () => {
    if (task.id == null) return;
    try {
      await remove.trigger(task.id);
      toast({ title: 'Task deleted', variant: 'success' });
      setConfirming(false);
    } catch {
      toast({ title: 'Error', description: 'Could not delete the task. Please try again.', variant: 'destructive' });
      setConfirming(false);
    }
  };

  const overdue = !task.completed && !task.projected && isOverdue(task.scheduledDate);
  const classes = ['task-item', careTone(task.taskType)];
  if (task.completed) classes.push('task-item--done');
  if (overdue) classes.push('task-item--overdue');
  if (task.projected) classes.push('task-item--projected');

  return (
    <li className={classes.join(' ')} aria-label={`${label} ${plantName}${task.projected ? ' (upcoming repeat)' : ''}`}>
      <span className="task-item__icon">
        <TaskTypeIcon type={task.taskType} size={20} />
      </span>
      <div className="task-item__body">
        <p className="task-item__title">
          {label}{' '}
          <Link to={`/plants/${task.plantId}`} className="task-item__plant">
            {plantName}
          </Link>
        </p>
        <div className="task-item__meta">
          {overdue ? <span className="task-item__overdue">Overdue since {formatDate(task.scheduledDate)}</span> : null}
          {task.completed ? (
            <span className="task-item__completed">
              <Check size={14} aria-hidden="true" />
              Completed: {formatDate(task.completedDate) || formatDate(task.scheduledDate)}
            </span>
          ) : null}
          {task.projected ? (
            <Badge tone="neutral" icon={<Repeat size={12} aria-hidden="true" />}>
              Upcoming repeat
            </Badge>
          ) : task.isRecurring && task.recurringDays ? (
            <Badge tone="blue" icon={<Repeat size={12} aria-hidden="true" />}>
              Every {task.recurringDays} {task.recurringDays === 1 ? 'day' : 'days'}
            </Badge>
          ) : null}
        </div>
        {task.notes ? <p className="task-item__notes">{task.notes}</p> : null}
        {task.projected ? (
          <p className="task-item__hint">A planned repeat of a recurring task: it becomes a real task when the one before it is completed.</p>
        ) : null}
      </div>
      {task.projected || task.id == null ? null : (
        <div className="task-item__actions">
          {task.completed ? null : waiting ? (
            <Badge tone="neutral" icon={<CloudUpload size={12} aria-hidden="true" />}>
              Done, waiting to send
            </Badge>
          ) : (
            <Button
              size="sm"
              className="task-item__complete"
              icon={<Check size={16} aria-hidden="true" />}
              loading={complete.isMutating}
              onClick={() => void onComplete()}
            >
              Complete
            </Button>
          )}
          <Button
            size="icon"
            variant="ghost"
            className="task-item__delete"
            aria-label={`Delete ${label.toLowerCase()} task for ${plantName}`}
            onClick={() => setConfirming(true)}
          >
            <Trash size={18} aria-hidden="true" />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this task?"
        description={`The ${label.toLowerCase()} task for ${plantName} on ${formatDate(task.scheduledDate)} will be removed${task.isRecurring && !task.completed ? ', and it will not repeat any more' : ''}.`}
        confirmLabel="Delete Task"
        pending={remove.isMutating}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
