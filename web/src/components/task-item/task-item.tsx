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
import { formatDate, isOverdue, localDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  const label = taskLabel(task.taskType);
  const lower = label.toLowerCase();
  const plantName = task.plantName || t('shared.task.plant', { id: task.plantId });
  const name = t('today.taskPlant', { task: label, plant: plantName });
  // The title links the plant's name where the language puts it.
  const [before, after] = t('today.taskPlant', { task: label, plant: '\u0000' }).split('\u0000');

  const waiting = useOfflineQueue((items) => items.some((q) => q.kind === 'complete' && q.taskId === task.id));

  const onComplete = async () => {
    if (task.id == null) return;
    const at = new Date().toISOString();
    const keep = () => {
      queueCare({ kind: 'complete', taskId: task.id!, at, label: name });
      const time = localDate(new Date(at), { hour: 'numeric', minute: '2-digit' });
      toast({ title: t('shared.task.savedOffline'), description: t('shared.task.savedOfflineText', { label: name, time }) });
    };
    if (unreachable()) return keep();
    try {
      const done = await complete.trigger({ id: task.id, completedDate: at });
      toast({
        title: t('today.completed'),
        description: done?.nextTask ? t('shared.task.next', { task: lower, date: formatDate(done.nextTask.scheduledDate) }) : undefined,
        variant: 'success',
      });
    } catch (error) {
      if (unreachable(error)) return keep();
      toast({ title: t('common.error'), description: t('today.completeFailed'), variant: 'destructive' });
    }
  };

  const onDelete = async () => {
    if (task.id == null) return;
    try {
      await remove.trigger(task.id);
      toast({ title: t('shared.task.deleted'), variant: 'success' });
      setConfirming(false);
    } catch {
      toast({ title: t('common.error'), description: t('shared.task.deleteFailed'), variant: 'destructive' });
      setConfirming(false);
    }
  };

  const overdue = !task.completed && !task.projected && isOverdue(task.scheduledDate);
  const classes = ['task-item', careTone(task.taskType)];
  if (task.completed) classes.push('task-item--done');
  if (overdue) classes.push('task-item--overdue');
  if (task.projected) classes.push('task-item--projected');

  return (
    <li className={classes.join(' ')} aria-label={task.projected ? t('shared.task.upcomingLabel', { label: name }) : name}>
      <span className="task-item__icon">
        <TaskTypeIcon type={task.taskType} size={20} />
      </span>
      <div className="task-item__body">
        <p className="task-item__title">
          {before}
          <Link to={`/plants/${task.plantId}`} className="task-item__plant">
            {plantName}
          </Link>
          {after}
        </p>
        <div className="task-item__meta">
          {overdue ? <span className="task-item__overdue">{t('shared.overdueSince', { date: formatDate(task.scheduledDate) })}</span> : null}
          {task.completed ? (
            <span className="task-item__completed">
              <Check size={14} aria-hidden="true" />
              {t('shared.task.completedOn', { date: formatDate(task.completedDate) || formatDate(task.scheduledDate) })}
            </span>
          ) : null}
          {task.projected ? (
            <Badge tone="neutral" icon={<Repeat size={12} aria-hidden="true" />}>
              {t('shared.task.upcoming')}
            </Badge>
          ) : task.isRecurring && task.recurringDays ? (
            <Badge tone="blue" icon={<Repeat size={12} aria-hidden="true" />}>
              {t('shared.task.every', { count: task.recurringDays })}
            </Badge>
          ) : null}
        </div>
        {task.notes ? <p className="task-item__notes">{task.notes}</p> : null}
        {task.projected ? (
          <p className="task-item__hint">{t('shared.task.projectedHint')}</p>
        ) : null}
      </div>
      {task.projected || task.id == null ? null : (
        <div className="task-item__actions">
          {task.completed ? null : waiting ? (
            <Badge tone="neutral" icon={<CloudUpload size={12} aria-hidden="true" />}>
              {t('shared.task.waiting')}
            </Badge>
          ) : (
            <Button
              size="sm"
              className="task-item__complete"
              icon={<Check size={16} aria-hidden="true" />}
              loading={complete.isMutating}
              onClick={() => void onComplete()}
            >
              {t('today.complete')}
            </Button>
          )}
          <Button
            size="icon"
            variant="ghost"
            className="task-item__delete"
            aria-label={t('shared.task.deleteLabel', { task: lower, plant: plantName })}
            onClick={() => setConfirming(true)}
          >
            <Trash size={18} aria-hidden="true" />
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('shared.task.deleteTitle')}
        description={t(task.isRecurring && !task.completed ? 'shared.task.deleteTextRecurring' : 'shared.task.deleteText', {
          task: lower,
          plant: plantName,
          date: formatDate(task.scheduledDate),
        })}
        confirmLabel={t('shared.task.delete')}
        pending={remove.isMutating}
        onConfirm={() => void onDelete()}
      />
    </li>
  );
}
