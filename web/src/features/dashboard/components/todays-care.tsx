import { Droplets, FlaskConical, HeartPulse, Shovel } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardReminder, DashboardSummary } from '@/api/types';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/provider';
import { DashboardSection } from './section';

function Tile({
  tone,
  icon,
  title,
  count,
  caption,
  plants,
}: {
  tone: 'blue' | 'amber' | 'brown';
  icon: ReactNode;
  title: string;
  count: number | null;
  caption: string;
  plants?: DashboardReminder[];
}) {
  const t = useT();
  return (
    <div className={`care-tile care-tile--${tone}`}>
      <div className="care-tile__top">
        <span className="care-tile__icon" aria-hidden="true">
          {icon}
        </span>
        <h3 className="care-tile__title">{title}</h3>
      </div>
      {count === null ? (
        <Skeleton width={48} height={36} />
      ) : (
        <p className="care-tile__count">
          {count} <span className="care-tile__caption">{caption}</span>
        </p>
      )}
      {plants && plants.length > 0 ? (
        <ul className="care-tile__plants">
          {plants.slice(0, 3).map((plant) => (
            <li key={plant.plantId}>
              <Link to={`/plants/${plant.plantId}`}>{plant.name}</Link>
            </li>
          ))}
          {plants.length > 3 ? <li className="care-tile__more">{t('care.more', { count: plants.length - 3 })}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/** TodaysCare: the Watering Needed, Fertilizing and Repotting tiles from the summary. */
export function TodaysCare({ summary, error }: { summary: DashboardSummary | undefined; error: boolean }) {
  const r = summary?.reminders;
  const t = useT();
  return (
    <DashboardSection id="todays-care" title={t('care.title')} icon={<HeartPulse size={18} />}>
      {error ? (
        <p className="dash-error">{t('care.loadFailed')}</p>
      ) : (
        <div className="care-tiles">
          <Tile
            tone="blue"
            icon={<Droplets size={20} />}
            title={t('care.watering')}
            count={r ? r.watering.length : null}
            caption={r ? t('care.toWater', { count: r.watering.length }) : ''}
            plants={r?.watering}
          />
          <Tile
            tone="amber"
            icon={<FlaskConical size={20} />}
            title={t('care.fertilizing')}
            count={r ? r.fertilizing.length : null}
            caption={r ? t('care.toFeed', { count: r.fertilizing.length }) : ''}
            plants={r?.fertilizing}
          />
          <Tile
            tone="brown"
            icon={<Shovel size={20} />}
            title={t('care.repotting')}
            count={r ? r.repotting : null}
            caption={r ? t('care.pendingTasks', { count: r.repotting }) : ''}
          />
        </div>
      )}
    </DashboardSection>
  );
}
