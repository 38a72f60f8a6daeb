import type { ComponentProps, ReactNode } from 'react';
import { PlantImage } from '@/components/plant-image/plant-image';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/provider';
import './detail-hero.css';

/** The two looks of the hero: `large` (the plant database) and `compact` (a gardener's plant). */
export type DetailHeroVariant = 'large' | 'compact';

function heroClass(variant: DetailHeroVariant): string {
  return variant === 'compact' ? 'detail-hero detail-hero--compact' : 'detail-hero';
}

/**
 * DetailHero: the head of a detail page: the picture, the name (the page's h1), the italic
 * second name, the badges and the actions.
 */
export function DetailHero({
  variant,
  image,
  name,
  subtitle,
  badges,
  children,
}: {
  variant: DetailHeroVariant;
  /** What PlantImage shows: the photo (and the ones to try after it) and its text. */
  image: Omit<ComponentProps<typeof PlantImage>, 'className'>;
  name: ReactNode;
  subtitle?: ReactNode;
  badges: ReactNode;
  /** The actions (buttons and links). */
  children: ReactNode;
}) {
  return (
    <header className={heroClass(variant)}>
      <PlantImage {...image} className="detail-hero__image" />
      <div className="detail-hero__text">
        <h1 className="detail-hero__name">{name}</h1>
        {subtitle ? <p className="detail-hero__subtitle">{subtitle}</p> : null}
        <div className="detail-hero__badges">{badges}</div>
        <div className="detail-hero__actions">{children}</div>
      </div>
    </header>
  );
}

/** What each hero shows while its page loads: the picture's height and the lines of text. */
const LOADING: Record<DetailHeroVariant, { imageHeight: number; lines: ComponentProps<typeof Skeleton>[] }> = {
  large: {
    imageHeight: 200,
    lines: [
      { width: '55%', height: 32 },
      { width: '35%', height: 18 },
      { width: 80, height: 22, radius: 999 },
      { width: '60%', height: 42 },
    ],
  },
  compact: {
    imageHeight: 140,
    lines: [
      { width: '50%', height: 30 },
      { width: '30%', height: 18 },
      { width: '70%', height: 40 },
    ],
  },
};

/**
 * DetailPageSkeleton: a detail page while it loads: the hero (picture and lines standing for
 * the name, badges and actions), then the page's grid with `cards` grey cards of `cardHeight`.
 */
export function DetailPageSkeleton({
  variant,
  className,
  grid,
}: {
  variant: DetailHeroVariant;
  /** The page's own class beside `detail-page`. */
  className: string;
  grid: { className: string; cards: number; cardHeight: number };
}) {
  const { imageHeight, lines } = LOADING[variant];
  const t = useT();
  return (
    <LoadingRegion label={t('shared.detailHero.loading')} className={`detail-page ${className}`}>
      <div className={heroClass(variant)}>
        <Skeleton className="detail-hero__image" height={imageHeight} />
        <div className="detail-hero__text">
          {lines.map((line, i) => (
            <Skeleton key={i} {...line} />
          ))}
        </div>
      </div>
      <div className={grid.className}>
        {Array.from({ length: grid.cards }, (_, i) => (
          <Skeleton key={i} height={grid.cardHeight} radius={12} />
        ))}
      </div>
    </LoadingRegion>
  );
}
