import type { PlantLimit } from '@/api/types';
import { ProgressBar } from '@/components/ui/progress';
import './plant-limit-bar.css';

/** PlantLimitBar: "N of M plants" with a bar; unlimited (0) shows the count; null hides it. */
export function PlantLimitBar({ limit }: { limit: PlantLimit | undefined }) {
  if (!limit || limit.limit === null || limit.limit === undefined) return null;
  const unlimited = limit.limit === 0;
  const percent = unlimited ? 0 : (limit.currentCount / limit.limit) * 100;
  const tone = !limit.canAddPlant ? 'red' : percent >= 80 ? 'amber' : 'green';
  return (
    <section className="limit-bar" aria-label="Plant limit">
      <div className="limit-bar__text">
        <span className="limit-bar__title">Plant limit</span>
        <span className="limit-bar__count">
          {unlimited
            ? `${limit.currentCount} ${limit.currentCount === 1 ? 'plant' : 'plants'} · unlimited`
            : `${limit.currentCount} of ${limit.limit} plants`}
        </span>
      </div>
      {unlimited ? null : <ProgressBar value={percent} label="Plants used of your limit" tone={tone} />}
      {!limit.canAddPlant ? (
        <p className="limit-bar__note">
          You have reached your plant limit. Remove a plant or contact your site administrator to add more.
        </p>
      ) : null}
    </section>
  );
}
