import { lazy, Suspense } from 'react';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { todayKey } from '@/lib/dates';
import { displayName, greeting } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { CareStatistics } from '../components/care-statistics';
import { DatabaseHighlights } from '../components/database-highlights';
import { GrowthJourney } from '../components/growth-journey';
import { SowNow } from '../components/sow-now';
import { TodayListSection } from '../components/today-list-frame';
import { TodaysCare } from '../components/todays-care';
import { WeekStrip } from '../components/week-strip';
import { YourPlants } from '../components/your-plants';
import './dashboard-page.css';

// The weather card's code loads after the first page: the dashboard is at its bundle budget.
const WeatherCard = lazy(() => import('../components/weather-card'));

/**
 * DashboardPage (/): the Today list first (everything due or overdue, one tap each), then the
 * sections of spec 01 §2 in order — today's care, plants, the week's schedule, the growth
 * journey, care statistics and plant database highlights.
 */
export function DashboardPage() {
  const t = useT();
  useDocumentTitle(t('nav.dashboard'));
  const { user } = useSession();
  const name = user ? displayName(user) : t('dashboard.gardener');
  const summary = useDashboardSummary(todayKey());
  return (
    <div className="dashboard">
      <PageHeader
        eyebrow={t('nav.dashboard')}
        title={t('dashboard.title')}
        description={t('dashboard.greeting', { greeting: greeting(), name })}
        actions={<AddPlantButton />}
      />
      <div className="dash-grid">
        <TodayListSection />
        <TodaysCare summary={summary.data} error={Boolean(summary.error)} />
        <Suspense fallback={<Skeleton height={150} className="dash-section" />}>
          <WeatherCard />
        </Suspense>
        <YourPlants />
        <WeekStrip />
        <SowNow />
        <GrowthJourney />
        <CareStatistics summary={summary.data} error={Boolean(summary.error)} />
        <DatabaseHighlights />
      </div>
    </div>
  );
}
