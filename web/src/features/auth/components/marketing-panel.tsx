import { BellRing, ChartLine, Sun } from 'lucide-react';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';

const points: { icon: typeof Sun; title: MessageKey; text: MessageKey }[] = [
  { icon: ChartLine, title: 'auth.marketing.growthTitle', text: 'auth.marketing.growthText' },
  { icon: BellRing, title: 'auth.marketing.remindersTitle', text: 'auth.marketing.remindersText' },
  { icon: Sun, title: 'auth.marketing.seasonsTitle', text: 'auth.marketing.seasonsText' },
];

/** MarketingPanel: the welcome panel with the three selling points (spec 01 §1). */
export function MarketingPanel() {
  const t = useT();
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
        <p className="marketing__eyebrow">{t('auth.marketing.eyebrow')}</p>
        <h2 id="marketing-title" className="marketing__title">
          {t('auth.marketing.title')}
        </h2>
        <p className="marketing__lead">{t('auth.marketing.lead')}</p>
        <ul className="marketing__points">
          {points.map((point) => (
            <li key={point.title} className="marketing__point">
              <span className="marketing__point-icon" aria-hidden="true">
                <point.icon size={20} />
              </span>
              <span>
                <strong>{t(point.title)}</strong>
                <span className="marketing__point-text">{t(point.text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
