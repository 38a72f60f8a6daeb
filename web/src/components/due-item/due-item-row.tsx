import { AlarmClock, Check, Droplets, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { patchCompleteCareTask } from '@/api/care-tasks/complete-care-task';
import { plantKeys, summaryKeys, taskKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import { postCareNow } from '@/api/today/care-now';
import { useSnooze } from '@/api/today/snooze';
import type { DueItem } from '@/api/types';
import { careTone } from '@/components/task-chip/task-chip';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { taskLabel } from '@/lib/care';
import { localDate, parseDate } from '@/lib/dates';
import { noteGardenSuccess } from '@/lib/garden-success';
import { t, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import './due-item-row.css';

/** dueItemVerb: "Water", "Fertilize", or the task's label ("Prune"). */
export function dueItemVerb(item: DueItem): string {
  if (item.kind === 'water') return t('task.water');
  if (item.kind === 'fertilize') return t('task.fertilize');
  return taskLabel(item.taskType);
}

/** The item's name, "Water Basil", as the shown language words it ({plant}: the plant's name). */
function labelKey(item: DueItem): MessageKey {
  return item.kind === 'water' ? 'today.waterPlant' : item.kind === 'fertilize' ? 'today.fertilizePlant' : 'today.taskPlant';
}

/** The request of each kind of due item: Water Now's and Fertilize's, or the task's Complete. */
const actionURL: Record<DueItem['kind'], string> = { water: urls.waterPlants, fertilize: urls.fertilizePlants, task: urls.careTasks };

function sendDueItem(url: string, { arg }: { arg: DueItem }): Promise<unknown> {
  if (arg.kind === 'task') return patchCompleteCareTask(url, { arg: { id: arg.taskId ?? 0 } });
  return postCareNow(url, { arg: [arg.plantId] });
}

/**
 * useDueItemAction does the item's one-tap action — Water, Fertilize (one request: the plant's
 * due tasks of the type are completed with it) or Complete — and says so in a toast. A row
 * keeps one mutation, its kind's (a row's kind never changes): each SWR mutation costs its
 * render on a slow phone, and the Today list draws several rows on the first page. The lists
 * refreshed and the success noted are those of useWaterPlants and useCompleteCareTask.
 */
export function useDueItemAction(item: DueItem) {
  const action = useApiMutation<unknown, DueItem>(actionURL[item.kind], sendDueItem, {
    refresh: [plantKeys, taskKeys, summaryKeys],
    onSuccess: noteGardenSuccess,
  });
  const { toast } = useToast();
  const pending = action.isMutating;
  const run = async () => {
    try {
      if (item.kind !== 'task' || item.taskId != null) await action.trigger(item);
      const done = item.kind === 'water' ? 'today.wasWatered' : item.kind === 'fertilize' ? 'today.wasFertilized' : 'today.taskDone';
      toast({ title: t('today.completed'), description: t(done, { plant: item.plantName, task: dueItemVerb(item) }), variant: 'success' });
    } catch {
      toast({ title: t('common.error'), description: t('today.completeFailed'), variant: 'destructive' });
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
  const t = useT();
  const verb = dueItemVerb(item);
  const label = t(labelKey(item), { task: verb, plant: item.plantName });
  // The title links the plant's name where the language puts it.
  const [before, after] = t(labelKey(item), { task: verb, plant: '\u0000' }).split('\u0000');
  const actionLabel = item.kind === 'task' ? t('today.complete') : verb;
  const due = parseDate(item.dueDate);
  const onSnooze = async () => {
    try {
      await snooze.trigger(item);
      toast({ title: t('today.snoozed'), description: t('today.movedTomorrow', { label }), variant: 'success' });
    } catch {
      toast({ title: t('common.error'), description: t('today.snoozeFailed'), variant: 'destructive' });
    }
  };
  const classes = ['due-row', careTone(item.taskType)];
  if (item.overdue) classes.push('due-row--overdue');
  return (
    <li className={classes.join(' ')} aria-label={item.overdue ? t('today.overdueLabel', { label }) : label}>
      <span className="due-row__icon" aria-hidden="true">
        <TaskTypeIcon type={item.taskType} size={18} />
      </span>
      <div className="due-row__body">
        <p className="due-row__title">
          {before}
          <Link to={`/plants/${item.plantId}`} className="due-row__plant">
            {item.plantName}
          </Link>
          {after}
        </p>
        <p className={item.overdue ? 'due-row__meta due-row__meta--overdue' : 'due-row__meta'}>
          {item.overdue ? t('today.overdueOn', { date: due ? localDate(due, { month: 'short', day: 'numeric' }) : '' }) : t('today.dueToday')}
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
          aria-label={t('today.action', { action: actionLabel, label })}
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
          aria-label={t('today.snoozeLabel', { label })}
          title={t('today.snoozeTitle')}
          onClick={() => void onSnooze()}
        >
          <span className="due-row__snooze-text">{t('today.snooze')}</span>
        </Button>
      </div>
    </li>
  );
}
