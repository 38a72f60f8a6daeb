import { withAreaTexts } from '@/lib/i18n/area-texts';
import { useT } from '@/lib/i18n/provider';
import { preloadable, usePreloaded } from '@/lib/preload';

// The card's code, styles and sowing helpers load after the first page (the dashboard's first
// load is at its budget); until then an empty frame of the card's reserved height holds its
// place, so nothing below it moves.
const card = preloadable(() => withAreaTexts('dashboard', import('./sow-now-card')).then((m) => m.SowNowCard));

/** SowNow: the dashboard's "Sow Now" card, its code loaded just after the page. */
export function SowNow() {
  const t = useT();
  const Card = usePreloaded(card);
  return Card ? <Card /> : <section className="dash-section" style={{ minHeight: 236 }} aria-label={t('dashboard.sowNow')} />;
}
