import { AlertTriangle } from 'lucide-react';
import { useToday } from '@/api/today/get-today';
import { DueItemRow } from '@/components/due-item/due-item-row';
import { useT } from '@/lib/i18n/provider';
import './overdue-group.css';

/**
 * OverdueGroup: the care that fell due before today — waterings and fertilizings (a plant's
 * schedule and its due tasks of the type, once a plant) and tasks — oldest first, at the top of
 * the Schedule, each with its one-tap action and Snooze, until done. The count is the server's
 * list (one definition of overdue, the dashboard's too). Nothing is shown when there is none.
 */
export function OverdueGroup({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const overdue = useToday(true);
  const list = overdue.data ?? [];
  if (overdue.isLoading || overdue.error || list.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="overdue-group" aria-labelledby="overdue-title">
      <Heading id="overdue-title" className="overdue-group__title">
        <AlertTriangle size={18} aria-hidden="true" />
        {t('shared.overdue')}
        <span className="overdue-group__count">{list.length}</span>
      </Heading>
      <ul className="overdue-group__list due-list">
        {list.map((item) => (
          <DueItemRow key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}
