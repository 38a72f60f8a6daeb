import { CalendarRange, Info, LayoutGrid, Plus, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlans, useRotationWrites } from '../api/rotation';
import type { RotationPlan } from '../api/types';
import { PlanningCard, PlanningCardList, usePlanningSearch } from '../components/planning-cards';
import { RotationGroupsCard } from '../components/rotation-groups-card';
import { yearRange } from '../lib/plan-grid';
import '../planning.css';

function PlanCard({ plan, onDelete }: { plan: RotationPlan; onDelete: (p: RotationPlan) => void }) {
  const t = useT();
  return (
    <PlanningCard
      item={plan}
      to={`/planning/crop-rotation/${plan.id}`}
      badge={
        <Badge tone="blue" icon={<CalendarRange size={12} aria-hidden="true" />}>
          {yearRange(plan.startYear, plan.duration)}
        </Badge>
      }
      editLabel={t('planning.plans.edit')}
      onDelete={() => onDelete(plan)}
      size={
        <>
          {t('planning.plans.groups', { count: plan.groupCount })}
          {plan.layoutName ? (
            <>
              {' · '}
              <LayoutGrid size={13} aria-hidden="true" /> {plan.layoutName}
            </>
          ) : null}
        </>
      }
    />
  );
}

/**
 * CropRotationPage (/planning/crop-rotation, spec 02 §2): plans with search, year range and
 * group count; the Rotation Groups side card with Manage Groups and the About card.
 */
export function CropRotationPage() {
  const t = useT();
  useDocumentTitle(t('nav.cropRotation'));
  const plans = usePlanningSearch(usePlans);
  const { deletePlan, pending } = useRotationWrites();
  const newButton = <LinkButton to="/planning/crop-rotation/new" icon={<Plus size={18} aria-hidden="true" />}>
      {t('planning.plans.new')}
    </LinkButton>;
  return (
    <div className="pl-page">
      <PageHeader title={t('nav.cropRotation')} description={t('planning.plans.description')} actions={newButton} />
      <div className="pl-columns">
        <div className="pl-columns__main">
          <PlanningCardList
            {...plans}
            searchLabel={t('planning.plans.search')}
            texts={{
              loading: t('planning.plans.loading'),
              failed: t('planning.plans.loadFailed'),
              none: t('planning.plans.none'),
              grid: t('planning.plans.grid'),
            }}
            skeleton={{ rows: 3, height: 140 }}
            icon={<RefreshCw size={26} />}
            emptyText={t('planning.plans.emptyText')}
            action={newButton}
            gridClassName="pl-grid pl-grid--plans"
            card={(p, onDelete) => <PlanCard plan={p} onDelete={onDelete} />}
            deletion={{ noun: t('planning.plans.noun'), description: t('planning.plans.deleteText'), pending, remove: deletePlan }}
          />
        </div>
        <aside className="pl-columns__side" aria-label={t('planning.plans.side')}>
          <RotationGroupsCard />
          <Card>
            <CardHeader title={t('planning.about.title')} icon={<Info size={18} />} />
            <CardBody className="pl-about">
              <p>{t('planning.about.why')}</p>
              <p>{t('planning.about.how')}</p>
            </CardBody>
          </Card>
        </aside>
      </div>
    </div>
  );
}
