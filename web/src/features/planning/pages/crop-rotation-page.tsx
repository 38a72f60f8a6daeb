import { formatDistanceToNow } from 'date-fns';
import { CalendarRange, Info, LayoutGrid, MoreVertical, Pencil, Plus, RefreshCw, Search, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { Field } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlans, useRotationWrites } from '../api/rotation';
import type { RotationPlan } from '../api/types';
import { RotationGroupsCard } from '../components/rotation-groups-card';
import { useDebounced } from '../components/use-debounced';
import { yearRange } from '../lib/plan-grid';
import '../planning.css';

function PlanCard({ plan, onDelete }: { plan: RotationPlan; onDelete: (p: RotationPlan) => void }) {
  const navigate = useNavigate();
  const when = new Date(plan.createdAt);
  return (
    <article className="pl-card">
      <header className="pl-card__head">
        <Badge tone="blue" icon={<CalendarRange size={12} aria-hidden="true" />}>
          {yearRange(plan.startYear, plan.duration)}
        </Badge>
        <DropdownMenu
          label={plan.name}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Actions for ${plan.name}`}>
              <MoreVertical size={18} aria-hidden="true" />
            </Button>
          }
        >
          <DropdownMenuItem icon={<Pencil size={16} />} onSelect={() => void navigate(`/planning/crop-rotation/${plan.id}`)}>
            Edit Plan
          </DropdownMenuItem>
          <DropdownMenuItem icon={<Trash size={16} />} destructive onSelect={() => onDelete(plan)}>
            Delete
          </DropdownMenuItem>
        </DropdownMenu>
      </header>
      <h2 className="pl-card__title title-link">
        <Link to={`/planning/crop-rotation/${plan.id}`}>{plan.name}</Link>
      </h2>
      <p className="pl-card__size">
        {plan.groupCount} {plan.groupCount === 1 ? 'group' : 'groups'}
        {plan.layoutName ? (
          <>
            {' · '}
            <LayoutGrid size={13} aria-hidden="true" /> {plan.layoutName}
          </>
        ) : null}
      </p>
      {plan.description ? <p className="pl-card__text">{plan.description}</p> : null}
      <p className="pl-card__meta">
        <span>By {plan.username || 'You'}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={plan.createdAt}>{Number.isNaN(when.getTime()) ? '' : formatDistanceToNow(when, { addSuffix: true })}</time>
      </p>
    </article>
  );
}

/**
 * CropRotationPage (/planning/crop-rotation, spec 02 §2): plans with search, year range and
 * group count; the Rotation Groups side card with Manage Groups and the About card.
 */
export function CropRotationPage() {
  useDocumentTitle('Crop Rotation');
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const plans = usePlans(query);
  const { deletePlan, pending } = useRotationWrites();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<RotationPlan | null>(null);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deletePlan(deleting.id);
      toast({ title: 'Plan Deleted', description: `${deleting.name} was deleted.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Failed to delete plan', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
    setDeleting(null);
  };
  const newButton = (
    <Link className={buttonClass('primary')} to="/planning/crop-rotation/new">
      <Plus size={18} aria-hidden="true" />
      New Plan
    </Link>
  );
  return (
    <div className="pl-page">
      <PageHeader title="Crop Rotation" description="Move crop families around your beds year by year, and see a mistake before you plant it." actions={newButton} />
      <div className="pl-columns">
        <div className="pl-columns__main">
          <div className="pl-toolbar" role="search">
            <Field
              label="Search plans"
              type="search"
              placeholder="Search by name or description"
              icon={<Search size={18} />}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <ListStates
            query={plans}
            isEmpty={plans.items.length === 0 && !query.trim()}
            noResults={plans.items.length === 0}
            loading={{ label: 'Loading rotation plans…', rows: 3, height: 140, className: 'pl-grid' }}
            errorTitle="Failed to load rotation plans. Please try again later."
            errorText=""
            empty={{
              icon: <RefreshCw size={26} />,
              title: 'No rotation plans found.',
              text: 'Plan which crop family goes in each bed for the coming years.',
              action: newButton,
            }}
            noResultsState={{ text: 'No rotation plans found.', onClear: () => setSearch('') }}
            pager={plans}
          >
            <ul className="pl-grid pl-grid--plans" aria-label="Rotation plans">
              {plans.items.map((p) => (
                <li key={p.id}>
                  <PlanCard plan={p} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
          </ListStates>
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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !pending) setDeleting(null);
        }}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete plan?'}
        description="This permanently deletes the plan and all its assignments."
        confirmLabel="Delete"
        pending={pending}
        destructive
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
