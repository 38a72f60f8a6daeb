import { CalendarRange, Info, LayoutGrid, Plus, RefreshCw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlans, useRotationWrites } from '../api/rotation';
import type { RotationPlan } from '../api/types';
import { PlanningCard, PlanningCardList, usePlanningSearch } from '../components/planning-cards';
import { RotationGroupsCard } from '../components/rotation-groups-card';
import { yearRange } from '../lib/plan-grid';
import '../planning.css';

function PlanCard({ plan, onDelete }: { plan: RotationPlan; onDelete: (p: RotationPlan) => void }) {
  return (
    <PlanningCard
      item={plan}
      to={`/planning/crop-rotation/${plan.id}`}
      badge={
        <Badge tone="blue" icon={<CalendarRange size={12} aria-hidden="true" />}>
          {yearRange(plan.startYear, plan.duration)}
        </Badge>
      }
      editLabel="Edit Plan"
      onDelete={() => onDelete(plan)}
      size={
        <>
          {plan.groupCount} {plan.groupCount === 1 ? 'group' : 'groups'}
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
  useDocumentTitle('Crop Rotation');
  const plans = usePlanningSearch(usePlans);
  const { deletePlan, pending } = useRotationWrites();
  const newButton = <LinkButton to="/planning/crop-rotation/new" icon={<Plus size={18} aria-hidden="true" />}>New Plan</LinkButton>;
  return (
    <div className="pl-page">
      <PageHeader title="Crop Rotation" description="Move crop families around your beds year by year, and see a mistake before you plant it." actions={newButton} />
      <div className="pl-columns">
        <div className="pl-columns__main">
          <PlanningCardList
            {...plans}
            searchLabel="Search plans"
            noun="rotation plans"
            skeleton={{ rows: 3, height: 140 }}
            icon={<RefreshCw size={26} />}
            emptyText="Plan which crop family goes in each bed for the coming years."
            action={newButton}
            gridClassName="pl-grid pl-grid--plans"
            card={(p, onDelete) => <PlanCard plan={p} onDelete={onDelete} />}
            deletion={{ noun: 'plan', description: 'This permanently deletes the plan and all its assignments.', pending, remove: deletePlan }}
          />
        </div>
        <aside className="pl-columns__side" aria-label="Rotation groups and help">
          <RotationGroupsCard />
          <Card>
            <CardHeader title="About Crop Rotation" icon={<Info size={18} />} />
            <CardBody className="pl-about">
              <p>
                Growing the same family of crops in the same bed year after year builds up its pests and diseases and drains the
                same nutrients. Rotating families keeps beds healthy.
              </p>
              <p>
                The classic rotation moves legumes, brassicas, roots and alliums (with potatoes and tomatoes as a fifth group) one
                bed along each year. The plan warns when a family comes back to a bed sooner than the gap you set: three years by
                default.
              </p>
            </CardBody>
          </Card>
        </aside>
      </div>
    </div>
  );
}
