import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { PageHeader } from '@/components/ui/page-header';
import { todayKey } from '@/lib/dates';
import { displayName, greeting } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { CareStatistics } from '../components/care-statistics';
import { DatabaseHighlights } from '../components/database-highlights';
import { GrowthJourney } from '../components/growth-journey';
import { TodayListSection } from '../components/today-list-frame';
import { TodaysCare } from '../components/todays-care';
import { WeekStrip } from '../components/week-strip';
import { YourPlants } from '../components/your-plants';
import './dashboard-page.css';

/**
 * DashboardPage (/): the Today list first (everything due or overdue, one tap each), then the
 * sections of spec 01 §2 in order — today's care, plants, the week's schedule, the growth
 * journey, care statistics and plant database highlights.
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
      <div className="dash-grid">
        <TodayListSection />
        <TodaysCare summary={summary.data} error={Boolean(summary.error)} />
        <YourPlants />
        <WeekStrip />
        <GrowthJourney />
        <CareStatistics summary={summary.data} error={Boolean(summary.error)} />
        <DatabaseHighlights />
      </div>
    </div>
  );
}
