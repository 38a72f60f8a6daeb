import { ClipboardList } from 'lucide-react';
import type { CareTask } from '@/api/types';
import { TaskTypeIcon } from '@/components/task-type-icon';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { taskLabel } from '@/lib/care';
import { formatDate, isOverdue } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { usePlantCareTasks } from '../api/get-plant-care-tasks';

function taskDate(task: CareTask): string {
  return task.completed && task.completedDate ? task.completedDate : task.scheduledDate;
}

/** sortHistory: newest first by completion (or scheduled) date, then id. */
export function sortHistory(tasks: CareTask[]): CareTask[] {
  return [...tasks].sort((a, b) => {
    const diff = Date.parse(taskDate(b)) - Date.parse(taskDate(a));
    return diff || (b.id ?? 0) - (a.id ?? 0);
  });
}

/** CareHistoryCard: the plant's tasks as a table — Date, Task Type, Status (Completed, Scheduled or Overdue in red). */
export function CareHistoryCard({ plantId }: { plantId: number }) {
  const tasks = usePlantCareTasks(plantId);
  const t = useT();
  const rows = sortHistory((tasks.data ?? []).filter((task) => !task.projected));
  return (
    <Card className="plant-detail__wide" aria-labelledby="care-history-title">
      <CardHeader icon={<ClipboardList size={18} />} title={<span id="care-history-title">{t('plants.history.title')}</span>} />
      <CardBody>
        {tasks.isLoading ? (
          <LoadingRegion label={t('plants.history.loading')} className="form-stack">
            <Skeleton height={20} />
            <Skeleton height={20} />
            <Skeleton height={20} />
          </LoadingRegion>
        ) : tasks.error ? (
          <p className="muted">{t('plants.history.failed')}</p>
        ) : rows.length === 0 ? (
          <p className="muted">{t('plants.history.none')}</p>
        ) : (
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('plants.history.date')}</th>
                <th scope="col">{t('plants.history.type')}</th>
                <th scope="col">{t('plants.history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((task) => (
                <tr key={task.id ?? `${task.sourceTaskId}-${task.scheduledDate}`}>
                  <td className={!task.completed && isOverdue(task.scheduledDate) ? 'care-history__date is-overdue' : 'care-history__date'}>
                    {formatDate(taskDate(task))}
                  </td>
                  <td>
                    <span className="table__task">
                      <TaskTypeIcon type={task.taskType} size={16} />
                      {taskLabel(task.taskType)}
                    </span>
                  </td>
                  <td className="care-history__status">
                    {task.completed ? (
                      <Badge tone="green">{t('plants.history.completed')}</Badge>
                    ) : isOverdue(task.scheduledDate) ? (
                      <Badge tone="red">{t('plants.history.overdue')}</Badge>
                    ) : (
                      <Badge tone="blue">{t('plants.history.scheduled')}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </CardBody>
    </Card>
  );
}
