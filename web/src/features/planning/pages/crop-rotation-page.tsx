import { formatDistanceToNow } from 'date-fns';
import { CalendarRange, Info, LayoutGrid, MoreVertical, Pencil, Plus, RefreshCw, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DeleteConfirm } from '@/components/ui/delete-confirm';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
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
  const [deleting, setDeleting] = useState<RotationPlan | null>(null);  const newButton = (
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
          <SearchToolbar className="pl-toolbar" label="Search plans" placeholder="Search by name or description" value={search} onChange={setSearch} />
          <PagedListStates
            list={plans}
            filtered={Boolean(query.trim())}
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
          >
            <ul className="pl-grid pl-grid--plans" aria-label="Rotation plans">
              {plans.items.map((p) => (
                <li key={p.id}>
                  <PlanCard plan={p} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
          </PagedListStates>
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
      <DeleteConfirm item={deleting} onClose={() => setDeleting(null)} noun="plan" description="This permanently deletes the plan and all its assignments." pending={pending} remove={deletePlan} />
    </div>
  );
}
