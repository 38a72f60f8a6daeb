import { Droplets, EllipsisVertical, MapPin, Pencil, Sun, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Plant } from '@/api/types';
import { PlantImage } from '@/components/plant-image/plant-image';
import { Badge } from '@/components/ui/badge';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { ProgressBar } from '@/components/ui/progress';
import { DEFAULT_PLANT_TYPE, clampPercent, nextCareDate } from '@/lib/care';
import { isOverdue, relativeDay } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { PlantStatusBadge } from './plant-status-badge';
import '@/components/ui/tile.css';
import './plant-card.css';

// The card's Edit and Delete dialogs (the plant form, its schemas and zod) load when one opens:
// the plant list does not evaluate them to show its cards.
const EditPlantDialog = lazyDialog(() => import('./edit-plant-dialog').then((m) => m.EditPlantDialog));
const DeletePlantDialog = lazyDialog(() => import('./delete-plant-dialog').then((m) => m.DeletePlantDialog));

/** PlantCard: one plant on My Plants (spec 01 §2), with a menu to edit or delete it. */
export function PlantCard({ plant }: { plant: Plant }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const progress = clampPercent(plant.growthProgress);
  const next = nextCareDate(plant, 'water');
  const nextLabel = relativeDay(next) ?? t('plants.card.notSet');
  return (
    <article className="tile tile--lift plant-card" aria-labelledby={`plant-${plant.id}-name`}>
      <Link to={`/plants/${plant.id}`} className="tile__media" tabIndex={-1} aria-hidden="true">
        <PlantImage src={plant.imageUrl} alt={plant.name} className="tile__image" thumb />
      </Link>
      <div className="tile__body">
        <div className="plant-card__top">
          <h2 className="plant-card__name" id={`plant-${plant.id}-name`}>
            <Link to={`/plants/${plant.id}`}>{plant.name}</Link>
          </h2>
          <DropdownMenu
            trigger={
              <button type="button" className="icon-button plant-card__menu" aria-label={t('plants.card.actions', { name: plant.name })}>
                <EllipsisVertical size={18} aria-hidden="true" />
              </button>
            }
          >
            <DropdownMenuItem icon={<Pencil size={16} />} onSelect={() => setEditing(true)}>
              {t('plants.card.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem destructive icon={<Trash size={16} />} onSelect={() => setConfirming(true)}>
              {t('plants.delete.confirm')}
            </DropdownMenuItem>
          </DropdownMenu>
        </div>
        <div className="plant-card__badges">
          <span className="plant-card__type">
            <Badge tone="purple">{plant.plantType || DEFAULT_PLANT_TYPE}</Badge>
          </span>
          <PlantStatusBadge status={plant.status} />
        </div>
        <p className={plant.location ? 'plant-card__location' : 'plant-card__location plant-card__location--empty'}>
          <MapPin size={15} aria-hidden="true" />
          {plant.location || t('plants.card.noLocation')}
        </p>
        <div className="plant-card__progress">
          <div className="plant-card__progress-label">
            <span>{t('plants.growth.title')}</span>
            <span>{progress}%</span>
          </div>
          <ProgressBar value={progress} label={t('plants.growth.bar', { name: plant.name })} size="sm" />
        </div>
        <dl className="tile__facts plant-card__facts">
          <div className="plant-card__next">
            <dt>
              <Droplets size={15} aria-hidden="true" /> {t('plants.card.nextWatering')}
            </dt>
            <dd className={next && isOverdue(next) ? 'plant-card__overdue' : undefined}>{nextLabel}</dd>
          </div>
          <div className="plant-card__light">
            <dt>
              <Sun size={15} aria-hidden="true" /> {t('plants.card.light')}
            </dt>
            <dd>{plant.lightNeeds || t('plants.card.notSet')}</dd>
          </div>
        </dl>
      </div>
      <EditPlantDialog plant={plant} open={editing} onOpenChange={setEditing} />
      <DeletePlantDialog plant={plant} open={confirming} onOpenChange={setConfirming} />
    </article>
  );
}
