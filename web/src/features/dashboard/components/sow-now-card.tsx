import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { useSowingWeek } from '@/api/sowing/get-sowing';
import { Skeleton } from '@/components/ui/skeleton';
import { todayKey } from '@/lib/dates';
import { openSteps, stepStatus } from '@/lib/sowing';
import { DashboardSection } from './section';
import './sow-now-card.css';

/** How many items the card lists; the Sowing Calendar has the rest. */
export const SOW_NOW_COUNT = 4;

/**
 * SowNowCard: what can be sown this week (GET /api/sowing, first page of 4), each with the step
 * and until when. Loaded after the first page (see sow-now.tsx); its height is reserved.
 */
export function SowNowCard() {
  const week = useSowingWeek(todayKey(), SOW_NOW_COUNT);
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
              <span className="sow-now__steps">
                {openSteps(entry)
                  .map((s) => `${s.label} · ${stepStatus(s.step).replace('Now, until', 'until')}`)
                  .join(' — ')}
              </span>
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
