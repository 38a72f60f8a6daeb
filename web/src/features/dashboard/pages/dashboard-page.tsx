import { lazy, Suspense } from 'react';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { OverdueGroup } from '@/components/overdue/overdue-group';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { todayKey } from '@/lib/dates';
import { displayName, greeting } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { CareStatistics } from '../components/care-statistics';
import { DatabaseHighlights } from '../components/database-highlights';
import { GrowthJourney } from '../components/growth-journey';
import { TodaysCare } from '../components/todays-care';
import { WeekStrip } from '../components/week-strip';
import { YourPlants } from '../components/your-plants';
import './dashboard-page.css';

// The weather card's code loads after the first page: the dashboard is at its bundle budget.
const WeatherCard = lazy(() => import('../components/weather-card'));

/**
 * DashboardPage (/): overdue tasks first (when there are any), then the sections of spec 01
 * §2 in order — today's care, plants, the week's schedule, the growth journey, care
 * statistics and plant database highlights.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  const name = user ? displayName(user) : 'gardener';
  const summary = useDashboardSummary(todayKey());
  return (
    <div className="dashboard">
      <PageHeader
        eyebrow="Dashboard"
        title="Your Garden Dashboard"
        description={`${greeting()}, ${name}! Here is what your garden needs today.`}
        actions={<AddPlantButton />}
      />
      <OverdueGroup />
      <div className="dash-grid">
        <TodaysCare summary={summary.data} error={Boolean(summary.error)} />
        <Suspense fallback={<Skeleton height={150} className="dash-section" />}>
          <WeatherCard />
        </Suspense>
        <YourPlants />
        <WeekStrip />
        <GrowthJourney />
        <CareStatistics summary={summary.data} error={Boolean(summary.error)} />
        <DatabaseHighlights />
      </div>
    </div>
  );
}
