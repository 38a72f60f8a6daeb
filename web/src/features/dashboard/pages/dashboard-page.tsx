import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { useOverdueTasks } from '@/api/care-tasks/get-overdue-tasks';
import { OverdueGroup } from '@/components/overdue/overdue-group';
import { PageHeader } from '@/components/ui/page-header';
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
  // The same request as OverdueGroup's (SWR shares it). Until it answers the sections below
  // keep their place but stay hidden, so that an Overdue panel arriving above them does not
  // push Today's Plant Care down after it was drawn (issue 27 item 5: CLS 0.229).
  const overdue = useOverdueTasks(todayKey());
  return (
    <div className={overdue.isLoading ? 'dashboard dashboard--settling' : 'dashboard'}>
      <PageHeader
        eyebrow="Dashboard"
        title="Your Garden Dashboard"
        description={`${greeting()}, ${name}! Here is what your garden needs today.`}
        actions={<AddPlantButton />}
      />
      <OverdueGroup />
      <div className="dash-grid">
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
