import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { usePlants } from '@/api/plants/get-plants';
import { useDrawnAsTransition } from '@/api/query';
import { AddPlantButton } from '@/components/add-plant/add-plant-button';
import { PlantImage } from '@/components/plant-image/plant-image';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { nextCareDate, statusLabel } from '@/lib/care';
import { relativeDay } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { DashboardSection, SectionStates } from './section';

/** How many plants the dashboard shows (spec 01 §9). */
export const DASHBOARD_PLANTS = 4;

/** YourPlants: the first 4 plants with a link to all of them. */
export function YourPlants() {
  const plants = useDrawnAsTransition(usePlants());
  const t = useT();
  const list = (plants.data ?? []).slice(0, DASHBOARD_PLANTS);
  return (
    <DashboardSection id="your-plants" title={t('plants.yours')} icon={<Sprout size={18} />} link={{ to: '/plants', label: t('common.viewAll') }}>
      <SectionStates
        query={plants}
        loading={{
          label: t('plants.loading'),
          className: 'mini-plants',
          skeleton: Array.from({ length: DASHBOARD_PLANTS }, (_, i) => <MiniPlantSkeleton key={i} />),
        }}
        error={t('plants.loadFailed')}
        isEmpty={list.length === 0}
        empty={
          <EmptyState
            compact
            titleAs="h3"
            icon={<Sprout size={22} />}
            title={t('plants.none')}
            action={<AddPlantButton label={t('plants.addFirst')} />}
          >
            {t('plants.noneText')}
          </EmptyState>
        }
      >
        <ul className="mini-plants">
          {list.map((plant) => {
            const next = relativeDay(nextCareDate(plant, 'water'), new Date(), true);
            return (
              <li key={plant.id} className="mini-plant">
                <Link to={`/plants/${plant.id}`} className="mini-plant__link">
                  <PlantImage src={plant.imageUrl} alt={plant.name} className="mini-plant__image" iconSize={28} thumb />
                  <span className="mini-plant__name">{plant.name}</span>
                  <span className="mini-plant__meta">
                    {statusLabel(plant.status)}
                    {next ? ` · ${t('plants.waterWhen', { when: next })}` : ''}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </SectionStates>
    </DashboardSection>
  );
}

/**
 * MiniPlantSkeleton: a plant's card while the list loads, laid out by the card's own classes
 * (its picture's 4:3, a line for the name and the status's line or two), so the section keeps
 * its height at every width when the plants arrive.
 */
function MiniPlantSkeleton() {
  return (
    <span className="mini-plant__link">
      <Skeleton className="mini-plant__image" height="auto" radius={0} />
      <span className="mini-plant__name">
        <Skeleton width="70%" height="1lh" />
      </span>
      <span className="mini-plant__meta">
        <span className="skeleton mini-plant__meta-skeleton" aria-hidden="true" />
      </span>
    </span>
  );
}
