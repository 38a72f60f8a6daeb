import { ListChecks } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useToday } from '@/api/today/get-today';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/provider';
import { DashboardSection } from './section';
import './today-list.css';

// The list's code (its rows, actions, Water all's confirmation) loads after the first paint:
// the dashboard's first load stays within its budget, and the section's reserved height keeps
// the page from moving when it arrives.
const TodayList = lazy(() => import('./today-list').then((m) => ({ default: m.TodayList })));

/** TodayListSkeleton: three grey rows in the list's reserved height, while code or data load. */
export function TodayListSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('today.loading')} className="today-list__body today-list__loading">
      <Skeleton height={32} width="40%" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={56} radius={8} />
      ))}
    </LoadingRegion>
  );
}

/**
 * TodayListSection (dashboard): every watering, fertilizing and task due today or overdue, each
 * one tap from done, with Water all and Snooze (issue #27 item 1). Its height is reserved.
 */
export function TodayListSection() {
  // The list's request leaves with the dashboard, not after the list's code has arrived (the
  // list reads the same SWR entry): one round trip less before the first section shows.
  useToday();
  const t = useT();
  return (
    <DashboardSection
      id="today-list"
      title={t('date.today')}
      icon={<ListChecks size={18} />}
      className="today-list"
      link={{ to: '/schedule', label: t('nav.schedule') }}
    >
      <Suspense fallback={<TodayListSkeleton />}>
        <TodayList />
      </Suspense>
    </DashboardSection>
  );
}
