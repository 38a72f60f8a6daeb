import { CalendarDays, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { useApiQuery } from '@/api/query';
import type { SowingEntry } from '@/api/types';
import { Skeleton } from '@/components/ui/skeleton';
import { localDate, parseDate, todayKey } from '@/lib/dates';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { DashboardSection } from './section';
import './sow-now-card.css';

/** How many items the card lists; the Sowing Calendar has the rest. */
export const SOW_NOW_COUNT = 4;

/**
 * What the card says of an item: its open steps and until when ("Sow indoors · until Mar 29"),
 * in the shown language.
 * Written here rather than taken from lib/sowing or api/sowing: a module the card shared with
 * the calendar would become a chunk of its own, named on the dashboard's first load.
 */
function openStepsText(entry: SowingEntry): string {
  const steps = [
    ['dashboard.sow.indoorsUntil', entry.sowIndoors],
    ['dashboard.sow.outdoorsUntil', entry.directSow],
  ] as const;
  return steps
    .filter(([, step]) => step?.open)
    .map(([key, step]) => {
      const end = parseDate(step?.end);
      return translate(key, { date: end ? localDate(end, { month: 'short', day: 'numeric' }) : '' });
    })
    .join(' — ');
}

/**
 * SowNowCard: what can be sown this week (GET /api/sowing, first page of 4), each with the step
 * and until when. Loaded after the first page (see sow-now.tsx); its height is reserved.
 */
export function SowNowCard() {
  const t = useT();
  const week = useApiQuery<SowingEntry[]>(`/api/sowing?week=${todayKey()}&limit=${SOW_NOW_COUNT}`);
  const list = week.data ?? [];
  // The sentence's link sits where the language puts {calendar}.
  const [before, after] = t('dashboard.sow.none', { calendar: '\u0000' }).split('\u0000');
  return (
    <DashboardSection id="sow-now" title={t('dashboard.sowNow')} icon={<Sprout size={18} />} className="sow-now" link={{ to: '/sowing-calendar', label: t('nav.sowingCalendar') }}>
      {week.isLoading ? (
        <SowNowSkeleton />
      ) : week.error ? (
        <p className="sow-now__note" role="alert">
          {t('dashboard.sow.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <div className="sow-now__empty">
          <span className="icon-tile sow-now__empty-icon" aria-hidden="true">
            <CalendarDays size={22} />
          </span>
          <p className="sow-now__note">
            {before}
            <Link to="/sowing-calendar">{t('nav.sowingCalendar')}</Link>
            {after}
          </p>
        </div>
      ) : (
        <ul className="sow-now__list" aria-label={t('dashboard.sow.listLabel')}>
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
