import type { PlantLimit } from '@/api/types';
import { ProgressBar } from '@/components/ui/progress';
import { useT } from '@/lib/i18n/provider';
import './plant-limit-bar.css';

/** PlantLimitBar: "N of M plants" with a bar; unlimited (0) shows the count; null hides it. */
export function PlantLimitBar({ limit }: { limit: PlantLimit | undefined }) {
  const t = useT();
  if (!limit || limit.limit === null || limit.limit === undefined) return null;
  const unlimited = limit.limit === 0;
  const percent = unlimited ? 0 : (limit.currentCount / limit.limit) * 100;
  const tone = !limit.canAddPlant ? 'red' : percent >= 80 ? 'amber' : 'green';
  return (
    <section className="limit-bar" aria-label={t('plants.limit.title')}>
      <div className="limit-bar__text">
        <span className="limit-bar__title">{t('plants.limit.title')}</span>
        <span className="limit-bar__count">
          {unlimited
            ? t('plants.limit.unlimited', { count: limit.currentCount })
            : t('plants.limit.count', { count: limit.currentCount, limit: limit.limit })}
        </span>
      </div>
      {unlimited ? null : <ProgressBar value={percent} label={t('plants.limit.bar')} tone={tone} />}
      {!limit.canAddPlant ? (
        <p className="limit-bar__note">
          {t('plants.limit.reached')}
        </p>
      ) : null}
    </section>
  );
}
