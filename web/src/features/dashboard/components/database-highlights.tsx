import { Database } from 'lucide-react';
import { Link } from 'react-router';
import { usePlantDatabaseSearch } from '@/api/plant-database/get-plant-database';
import { PlantImage } from '@/components/plant-image/plant-image';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { useT } from '@/lib/i18n/provider';
import { plantTypeName } from '@/lib/plant-types';
import { stripMarkup, truncate } from '@/lib/text';
import { DashboardSection } from './section';

/** Dashboard highlights: 3 items, descriptions cut at 80 characters (spec 01 §9). */
export const HIGHLIGHT_COUNT = 3;
export const HIGHLIGHT_DESCRIPTION_MAX = 80;

/** DatabaseHighlights: the first 3 plant database items (one page of 3); hidden when empty or failing. */
export function DatabaseHighlights() {
  const t = useT();
  const items = usePlantDatabaseSearch({ limit: HIGHLIGHT_COUNT });
  const list = (items.data ?? []).slice(0, HIGHLIGHT_COUNT);
  if (items.error || list.length === 0) return null;
  return (
    <DashboardSection
      id="db-highlights"
      title={t('dashboard.highlights.title')}
      icon={<Database size={18} />}
      className="dash-grid__wide"
      link={{ to: '/plant-database', label: t('dashboard.highlights.browse') }}
    >
      <ul className="highlights">
        {list.map((item) => (
          <li key={item.id}>
            <Link to={`/plant-database/${item.id}`} className="highlight">
              <PlantImage
                thumb
                src={item.imageUrl}
                alternatives={item.alternativeImageUrls}
                alt={item.commonName}
                className="highlight__image"
                iconSize={28}
              />
              <span className="highlight__text">
                {/* The spaces keep the link's text (what a screen reader reads) in words. */}
                <span className="highlight__name">{item.commonName}</span>{' '}
                {item.scientificName ? <span className="highlight__latin">{item.scientificName}</span> : null}{' '}
                <span className="highlight__type">{plantTypeName(item.plantType || DEFAULT_PLANT_TYPE)}</span>{' '}
                <span className="highlight__description">
                  {truncate(stripMarkup(item.description), HIGHLIGHT_DESCRIPTION_MAX)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}
