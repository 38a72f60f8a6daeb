import { LayoutGrid } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { usePlacements } from '@/api/planning/get-placements';
import { useT } from '@/lib/i18n/provider';

/**
 * GrowsIn is the plant details page's "Grows in: Back garden · Bed 2" line, a fact of the
 * About card, linking to each layout; nothing while loading, on error or when the plant is in
 * no bed.
 */
export function GrowsIn({ plantId }: { plantId: number }) {
  const { data } = usePlacements(plantId);
  const t = useT();
  if (!data || data.length === 0) return null;
  return (
    <div className="fact">
      <dt>
        <span className="fact__icon" aria-hidden="true">
          <LayoutGrid size={16} />
        </span>
        {t('shared.growsIn.label')}
      </dt>
      <dd>
        {data.map((p, i) => (
          <Fragment key={p.bedId}>
            {i > 0 ? ', ' : null}
            <Link to={`/planning/garden-layouts/${p.layoutId}`}>
              {p.layoutName} · {p.bedName}
            </Link>
          </Fragment>
        ))}
      </dd>
    </div>
  );
}
