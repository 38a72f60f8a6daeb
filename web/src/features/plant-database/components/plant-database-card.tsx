import { Droplets, Info, Sun } from 'lucide-react';
import { Link } from 'react-router';
import type { PlantDatabaseItem } from '@/api/types';
import { PlantImage } from '@/components/plant-image/plant-image';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';
import { AddToMyPlantsButton } from './add-to-my-plants-button';
import { itemType } from './categories';
import { RequirementValue } from './requirement-value';
import '@/components/ui/tile.css';
import './plant-database-card.css';

/**
 * PlantDatabaseCard: one species on /plant-database (spec 01 §2) — image with fallback,
 * names, type, light and water requirements, Details and Add to My Plants. `from` is the
 * list's address, so that the details page can lead back to the same tab.
 */
export function PlantDatabaseCard({ item, from }: { item: PlantDatabaseItem; from: string }) {
  const t = useT();
  const href = `/plant-database/${item.id}`;
  const titleId = `db-item-${item.id}-name`;
  return (
    <article className="tile tile--lift db-card" aria-labelledby={titleId}>
      <Link to={href} state={{ from }} className="tile__media" tabIndex={-1} aria-hidden="true">
        <PlantImage
          thumb
          src={item.imageUrl}
          alternatives={item.alternativeImageUrls}
          alt={item.commonName}
          className="tile__image"
        />
      </Link>
      <div className="tile__body">
        <div className="db-card__head">
          <h2 className="db-card__name" id={titleId}>
            {item.commonName}
          </h2>
          {item.scientificName ? <p className="db-card__latin">{item.scientificName}</p> : null}
          <div className="db-card__badge">
            <Badge tone="purple">{itemType(item)}</Badge>
          </div>
        </div>
        <dl className="tile__facts">
          <div>
            <dt>
              <Sun size={15} aria-hidden="true" /> {t('plantdb.light')}
            </dt>
            <RequirementValue value={item.lightRequirements} />
          </div>
          <div>
            <dt>
              <Droplets size={15} aria-hidden="true" /> {t('plantdb.water')}
            </dt>
            <RequirementValue value={item.waterRequirements} />
          </div>
        </dl>
        <div className="db-card__actions">
          <Link to={href} state={{ from }} className={buttonClass('outline', 'sm')}>
            <Info size={16} aria-hidden="true" />
            {t('plantdb.card.details')}
          </Link>
          <AddToMyPlantsButton item={item} size="sm" />
        </div>
      </div>
    </article>
  );
}
