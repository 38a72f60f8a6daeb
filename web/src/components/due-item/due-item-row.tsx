import { AlarmClock, Check, Droplets, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { useCompleteCareTask } from '@/api/care-tasks/complete-care-task';
import { useFertilizePlants, useWaterPlants } from '@/api/today/care-now';
import { useSnooze } from '@/api/today/snooze';
import type { DueItem } from '@/api/types';
import { careTone } from '@/components/task-chip/task-chip';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { formatDate } from '@/lib/dates';
import './due-item-row.css';

/** dueItemVerb: "Water", "Fertilize", or the task's label ("Prune"). */
export function dueItemVerb(item: DueItem): string {
  if (item.kind === 'water') return 'Water';
  if (item.kind === 'fertilize') return 'Fertilize';
  return taskLabel(item.taskType);
}

/**
 * useDueItemAction does the item's one-tap action — Water, Fertilize (one request: the plant's
 * due tasks of the type are completed with it) or Complete — and says so in a toast.
 */
export function useDueItemAction(item: DueItem) {
  const water = useWaterPlants();
  const fertilize = useFertilizePlants();
  const complete = useCompleteCareTask();
  const { toast } = useToast();
  const pending = water.isMutating || fertilize.isMutating || complete.isMutating;
  const run = async () => {
    try {
      if (item.kind === 'water') await water.trigger([item.plantId]);
      else if (item.kind === 'fertilize') await fertilize.trigger([item.plantId]);
      else if (item.taskId != null) await complete.trigger({ id: item.taskId });
      const done = item.kind === 'water' ? 'was watered' : item.kind === 'fertilize' ? 'was fertilized' : `: ${dueItemVerb(item)} done`;
      toast({ title: 'Task completed', description: `${item.plantName}${item.kind === 'task' ? '' : ' '}${done}.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not complete the task. Please try again.', variant: 'destructive' });
    }
  };
  return { run, pending };
}

/**
 * DueItemRow: one piece of due care with its one-tap action and Snooze (tomorrow instead). The
 * dates and the overdue flag are the server's (GET /api/today): nothing is reckoned here.
 */
export function DueItemRow({ item }: { item: DueItem }) {
  const { run, pending } = useDueItemAction(item);
  const snooze = useSnooze();
  const { toast } = useToast();
  const verb = dueItemVerb(item);
  const label = `${verb} ${item.plantName}`;
  const actionLabel = item.kind === 'task' ? 'Complete' : verb;
  const onSnooze = async () => {
    try {
      await snooze.trigger(item);
      toast({ title: 'Snoozed', description: `${label} moved to tomorrow.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Could not snooze. Please try again.', variant: 'destructive' });
    }
  };
  const classes = ['due-row', careTone(item.taskType)];
  if (item.overdue) classes.push('due-row--overdue');
  return (
    <li className={classes.join(' ')} aria-label={`${label}${item.overdue ? ' (overdue)' : ''}`}>
      <span className="due-row__icon" aria-hidden="true">
        <TaskTypeIcon type={item.taskType} size={18} />
      </span>
      <div className="due-row__body">
        <p className="due-row__title">
          {verb}{' '}
          <Link to={`/plants/${item.plantId}`} className="due-row__plant">
            {item.plantName}
          </Link>
        </p>
        <p className={item.overdue ? 'due-row__meta due-row__meta--overdue' : 'due-row__meta'}>
          {item.overdue ? `Overdue · ${formatDate(item.dueDate, 'MMM d')}` : 'Due today'}
        </p>
      </div>
      <div className="due-row__actions">
        <Button
          size="sm"
          variant={item.kind === 'water' ? 'primary' : 'secondary'}
          icon={
            item.kind === 'water' ? (
              <Droplets size={16} aria-hidden="true" />
            ) : item.kind === 'fertilize' ? (
              <FlaskConical size={16} aria-hidden="true" />
            ) : (
              <Check size={16} aria-hidden="true" />
            )
          }
          loading={pending}
          aria-label={`${actionLabel}: ${label}`}
          onClick={() => void run()}
        >
          {actionLabel}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="due-row__snooze"
          icon={<AlarmClock size={16} aria-hidden="true" />}
          loading={snooze.isMutating}
          aria-label={`Snooze ${label} until tomorrow`}
          title="Snooze until tomorrow"
          onClick={() => void onSnooze()}
        >
          <span className="due-row__snooze-text">Snooze</span>
        </Button>
      </div>
    </li>
  );
}
