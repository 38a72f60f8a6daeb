import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { useApiQuery } from '@/api/query';
import type { SowingEntry } from '@/api/types';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, todayKey } from '@/lib/dates';
import { DashboardSection } from './section';
import './sow-now-card.css';

/** How many items the card lists; the Sowing Calendar has the rest. */
export const SOW_NOW_COUNT = 4;

/**
 * What the card says of an item: its open steps and until when ("Sow indoors · until Mar 29").
 * Written here rather than taken from lib/sowing or api/sowing: a module the card shared with
 * the calendar would become a chunk of its own, named on the dashboard's first load.
 */
function openStepsText(entry: SowingEntry): string {
  const steps = [
    ['Sow indoors', entry.sowIndoors],
    ['Sow outdoors', entry.directSow],
  ] as const;
  return steps
    .filter(([, step]) => step?.open)
    .map(([label, step]) => `${label} · until ${formatDate(step?.end, 'MMM d')}`)
    .join(' — ');
}

/**
 * SowNowCard: what can be sown this week (GET /api/sowing, first page of 4), each with the step
 * and until when. Loaded after the first page (see sow-now.tsx); its height is reserved.
 */
export function SowNowCard() {
  const week = useApiQuery<SowingEntry[]>(`/api/sowing?week=${todayKey()}&limit=${SOW_NOW_COUNT}`);
  const list = week.data ?? [];
  return (
    <DashboardSection id="sow-now" title="Sow Now" icon={<Sprout size={18} />} className="sow-now" link={{ to: '/sowing-calendar', label: 'Sowing Calendar' }}>
      {week.isLoading ? (
        <SowNowSkeleton />
      ) : week.error ? (
        <p className="sow-now__note" role="alert">
          The sowing list could not be loaded. Please try again later.
        </p>
      ) : list.length === 0 ? (
        <p className="sow-now__note">
          Nothing in the plant database can be sown this week. The <Link to="/sowing-calendar">Sowing Calendar</Link> shows what comes next.
        </p>
      ) : (
        <ul className="sow-now__list" aria-label="What to sow this week">
          {list.slice(0, SOW_NOW_COUNT).map((entry) => (
            <li key={entry.item.id} className="sow-now__item">
              <Link to={`/plant-database/${entry.item.id}`} className="sow-now__name">
                {entry.item.commonName}
              </Link>
              <span className="sow-now__steps">{openStepsText(entry)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

/** SowNowSkeleton: the list's rows while it loads. */
export function SowNowSkeleton() {
  return (
    <div className="sow-now__list" aria-hidden="true">
      {Array.from({ length: SOW_NOW_COUNT }, (_, i) => (
        <div key={i} className="sow-now__item">
          <Skeleton width="40%" height={16} />
          <Skeleton width="55%" height={14} />
        </div>
      ))}
    </div>
  );
}
