import { lazy, Suspense, type ReactNode } from 'react';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { WhenNear } from '@/components/ui/when-near';
import { todayKey } from '@/lib/dates';
import { displayName, greeting } from '@/lib/format';
import { withAreaTexts } from '@/lib/i18n/area-texts';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { SowNow } from '../components/sow-now';
import { TodayListSection } from '../components/today-list-frame';
import { TodaysCare } from '../components/todays-care';
import { YourPlants } from '../components/your-plants';
import './dashboard-page.css';

// The weather card's code loads after the first page: the dashboard is at its bundle budget.
// Like every piece of the page that loads later, its texts are the dashboard area's
// (locales/dashboard), fetched with its chunk: the core catalogue is on the first load.
const WeatherCard = lazy(() => withAreaTexts('dashboard', import('../components/weather-card')));
// So do the week strip and the three sections at the page's end, below the fold (the
// translations' runtime took their place in the first load, issue #25). None of them is drawn
// until its place comes near the window (WhenNear): on a phone the first screen loads without
// their code, their requests and their rendering, and a skeleton keeps each one's room.
// Their four chunks are asked for together, when the first of them comes near.
const later = () => [
  withAreaTexts('dashboard', import('../components/week-strip')),
  withAreaTexts('dashboard', import('../components/growth-journey')),
  withAreaTexts('dashboard', import('../components/care-statistics')),
  withAreaTexts('dashboard', import('../components/database-highlights')),
] as const;
let chunks: ReturnType<typeof later> | undefined;
const sections = () => (chunks ??= later());
const WeekStrip = lazy(() => sections()[0].then((m) => ({ default: m.WeekStrip })));
const GrowthJourney = lazy(() => sections()[1].then((m) => ({ default: m.GrowthJourney })));
const CareStatistics = lazy(() => sections()[2].then((m) => ({ default: m.CareStatistics })));
const DatabaseHighlights = lazy(() => sections()[3].then((m) => ({ default: m.DatabaseHighlights })));

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
        <TodaysCareSection />
        <Suspense fallback={<Skeleton height={150} className="dash-section" />}>
          <WeatherCard />
        </Suspense>
        <BelowFold place="plants">
          <YourPlants />
        </BelowFold>
        <BelowFold place="week">
          <WeekStrip />
        </BelowFold>
        <BelowFold place="sow">
          <SowNow />
        </BelowFold>
        <BelowFold place="journey" half>
          <GrowthJourney />
        </BelowFold>
        <BelowFold place="stats" half>
          <CareStatisticsSection />
        </BelowFold>
        <BelowFold place="highlights">
          <DatabaseHighlights />
        </BelowFold>
      </div>
    </div>
  );
}

/**
 * BelowFold: a section a phone's first screen does not reach. It is drawn when its place comes
 * near the window, and a skeleton keeps that place until then and while its code loads: of the
 * height the section has once drawn, at each width (`.dash-place--<place>` in
 * dashboard-page.css), so that a gardener scrolling down on a slow phone does not see the page
 * below jump when it arrives. `half` shares a row with the next one on wide screens.
 */
function BelowFold({ place, half = false, children }: { place: string; half?: boolean; children: ReactNode }) {
  const className = ['dash-section', `dash-place--${place}`, half ? 'dash-section--half' : ''].filter(Boolean).join(' ');
  return (
    <WhenNear className={className}>
      <Suspense fallback={<span className={`skeleton ${className}`} aria-hidden="true" />}>{children}</Suspense>
    </WhenNear>
  );
}

// The two sections drawn from the summary ask for it themselves (SWR asks once): its answer
// re-renders them, not the whole page (an update from SWR is drawn at once, in one task).
function TodaysCareSection() {
  const summary = useDashboardSummary(todayKey());
  return <TodaysCare summary={summary.data} error={Boolean(summary.error)} />;
}

function CareStatisticsSection() {
  const summary = useDashboardSummary(todayKey());
  return <CareStatistics summary={summary.data} error={Boolean(summary.error)} />;
}
