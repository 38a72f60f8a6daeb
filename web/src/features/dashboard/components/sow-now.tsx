import { Sprout } from 'lucide-react';
import { preloadable, usePreloaded } from '@/lib/preload';
import { DashboardSection } from './section';

// The card's code and its sowing helpers load after the first page (the dashboard's first load
// is at its budget); the placeholder has the card's frame and reserved height, so nothing moves.
const card = preloadable(() => import('./sow-now-card').then((m) => m.SowNowCard));

/** SowNow: the dashboard's "Sow Now" card, its code loaded just after the page. */
export function SowNow() {
  const Card = usePreloaded(card);
  if (Card) return <Card />;
  return (
    <DashboardSection id="sow-now" title="Sow Now" icon={<Sprout size={18} />} className="sow-now">
      <div className="sow-now__list" role="status" aria-label="Loading what to sow" />
    </DashboardSection>
  );
}
