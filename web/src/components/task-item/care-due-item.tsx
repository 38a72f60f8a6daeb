import { Droplets, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { careNowToast, useCareNow } from '@/api/plants/care-now';
import type { CareDue } from '@/api/types';
import { careTone } from '@/components/task-chip/task-chip';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import './task-item.css';

/** careDueLabel: "Water Basil" / "Fertilize Mint" — how the iCal feed names due care. */
export function careDueLabel(due: Pick<CareDue, 'taskType' | 'plantName'>): string {
  return t(due.taskType === 'water' ? 'today.waterPlant' : 'today.fertilizePlant', { plant: due.plantName });
}

/**
 * useCareDueNow does a due watering or fertilizing now (Water Now / Fertilize), and says so in
 * a toast; the Schedule's list and the dashboard's week strip offer it.
 */
export function useCareDueNow(due: CareDue) {
  const care = useCareNow(due.plantId);
  const { toast } = useToast();
  const run = async () => {
    try {
      const outcome = await care.run(due.taskType, careDueLabel(due));
      toast(careNowToast(outcome, due.plantName, due.taskType));
    } catch {
      toast({ title: t('common.error'), description: t('today.completeFailed'), variant: 'destructive' });
    }
  };
  return { run, pending: care.pending };
}

/**
 * CareDueItem: a plant's due watering or fertilizing on the Schedule's day list, with Water
 * Now or Fertilize (the plant page's buttons: a task done now, the plant's last date moved).
 */
export function CareDueItem({ due }: { due: CareDue }) {
  const { run, pending } = useCareDueNow(due);
  const t = useT();
  const water = due.taskType === 'water';
  const label = careDueLabel(due);
  // The title links the plant's name where the language puts it.
  const [before, after] = t(water ? 'today.waterPlant' : 'today.fertilizePlant', { plant: '\u0000' }).split('\u0000');

  const classes = ['task-item', 'task-item--due', careTone(due.taskType)];
  if (due.overdue) classes.push('task-item--overdue');
  return (
    <li className={classes.join(' ')} aria-label={due.overdue ? t('today.overdueLabel', { label }) : label}>
      <span className="task-item__icon">
        <TaskTypeIcon type={due.taskType} size={20} />
      </span>
      <div className="task-item__body">
        <p className="task-item__title">
          {before}
          <Link to={`/plants/${due.plantId}`} className="task-item__plant">
            {due.plantName}
          </Link>
          {after}
        </p>
        <div className="task-item__meta">
          {due.overdue ? (
            <span className="task-item__overdue">{t('shared.overdueSince', { date: formatDate(due.dueDate) })}</span>
          ) : (
            <span className="task-item__hint">{t(water ? 'shared.careDue.byWatering' : 'shared.careDue.byFertilizing')}</span>
          )}
        </div>
      </div>
      <div className="task-item__actions">
        <Button
          size="sm"
          className="task-item__complete"
          variant={water ? 'primary' : 'secondary'}
          icon={water ? <Droplets size={16} aria-hidden="true" /> : <FlaskConical size={16} aria-hidden="true" />}
          loading={pending !== null}
          onClick={() => void run()}
        >
          {water ? t('shared.careDue.waterNow') : t('task.fertilize')}
        </Button>
      </div>
    </li>
  );
}
