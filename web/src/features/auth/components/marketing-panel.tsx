import { BellRing, ChartLine, Sun } from 'lucide-react';

const points = [
  {
    icon: ChartLine,
    title: 'Track plant growth',
    text: 'Follow every plant on a visual timeline of photos, notes and milestones.',
  },
  {
    icon: BellRing,
    title: 'Care reminders',
    text: 'Get a nudge when it is time to water, fertilize or repot, so nothing is forgotten.',
  },
  {
    icon: Sun,
    title: 'Seasonal planting tips',
    text: 'Know what to sow, plant and harvest as the seasons turn.',
  },
];

/** MarketingPanel: the welcome panel with the three selling points (spec 01 §1). */
export function MarketingPanel() {
  return (
    <section className="marketing" aria-labelledby="marketing-title">
      <svg className="marketing__plants" viewBox="40 200 340 160" aria-hidden="true">
        <g stroke="rgba(255,255,255,.55)" strokeWidth="4" strokeLinecap="round" fill="none">
          <path d="M96 360 V270" />
          <path d="M300 360 V250" />
        </g>
        <path d="M96 290 c0-26 18-44 48-44 0 28-20 44-48 44Z" fill="rgba(200,236,201,.85)" />
        <path d="M96 304 c0-22-15-36-40-36 0 23 16 36 40 36Z" fill="rgba(255,255,255,.8)" />
        <path d="M300 276 c0-32 22-54 58-54 0 34-24 54-58 54Z" fill="rgba(200,236,201,.75)" />
        <path d="M300 296 c0-27-19-45-49-45 0 28 20 45 49 45Z" fill="rgba(255,255,255,.7)" />
      </svg>
      <svg className="marketing__hills" viewBox="0 0 400 120" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 50 C90 10 170 20 250 40 S360 70 400 50 V120 H0Z" fill="rgba(255,255,255,.10)" />
        <path d="M0 80 C110 50 200 70 280 80 S370 95 400 88 V120 H0Z" fill="rgba(255,255,255,.12)" />
      </svg>
      <div className="marketing__content">
        <p className="marketing__eyebrow">Welcome to Garden</p>
        <h2 id="marketing-title" className="marketing__title">Grow a healthier, happier garden</h2>
        <p className="marketing__lead">
          Your plants, their care and their story, together in one calm place.
        </p>
        <ul className="marketing__points">
          {points.map((point) => (
            <li key={point.title} className="marketing__point">
              <span className="marketing__point-icon" aria-hidden="true">
                <point.icon size={20} />
              </span>
              <span>
                <strong>{point.title}</strong>
                <span className="marketing__point-text">{point.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
