import { AlertTriangle } from 'lucide-react';
import { useOverdueTasks } from '@/api/care-tasks/get-overdue-tasks';
import { TaskItem, taskKey } from '@/components/task-item/task-item';
import { todayKey } from '@/lib/dates';
import './overdue-group.css';

/**
 * OverdueGroup: the tasks not completed by the end of their day, oldest first, at the top of
 * the Schedule and the dashboard, with Complete and Delete, until they are done. Nothing is
 * shown when there are none.
 */
export function OverdueGroup({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const overdue = useOverdueTasks(todayKey());
  const list = overdue.data ?? [];
  if (overdue.isLoading || overdue.error || list.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="overdue-group" aria-labelledby="overdue-title">
      <Heading id="overdue-title" className="overdue-group__title">
        <AlertTriangle size={18} aria-hidden="true" />
        Overdue
        <span className="overdue-group__count">{list.length}</span>
      </Heading>
      <ul className="overdue-group__list">
        {list.map((task) => (
          <TaskItem key={taskKey(task)} task={task} />
        ))}
      </ul>
    </section>
  );
}
