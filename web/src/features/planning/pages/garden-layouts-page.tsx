import { Copy, LayoutGrid, Plus } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLayouts, useLayoutWrites } from '../api/layouts';
import type { GardenLayout } from '../api/types';
import { PlanningCard, PlanningCardList, usePlanningSearch } from '../components/planning-cards';
import { lengthText, lengthUnit, useUnitSystem } from '@/lib/units';
import '../planning.css';

/** DELETE_LAYOUT_TEXT is the spec's confirmation (§2). */
export const DELETE_LAYOUT_TEXT = 'This permanently deletes the layout and all associated data.';

function LayoutCard({ layout, onDelete }: { layout: GardenLayout; onDelete: (l: GardenLayout) => void }) {
  const system = useUnitSystem();
  const u = lengthUnit(system);
  const { copy } = useLayoutWrites();
  const { toast } = useToast();
  const duplicate = async () => {
    try {
      const c = await copy(layout.id);
      toast({ title: 'Layout Copied', description: `${c.name} was created.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Failed to copy layout', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <PlanningCard
      item={layout}
      to={`/planning/garden-layouts/${layout.id}`}
      badge={
        <Badge tone="green" icon={<LayoutGrid size={12} aria-hidden="true" />}>
          {layout.bedCount} {layout.bedCount === 1 ? 'bed' : 'beds'}
        </Badge>
      }
      editLabel="Edit Layout"
      extraActions={
        <DropdownMenuItem icon={<Copy size={16} />} onSelect={() => void duplicate()}>
          Duplicate
        </DropdownMenuItem>
      }
      onDelete={() => onDelete(layout)}
      size={`${lengthText(layout.width, system)} ${u} × ${lengthText(layout.height, system)} ${u}`}
    />
  );
}

/**
 * GardenLayoutsPage (/planning/garden-layouts, spec 02 §2): the gardener's layouts with search,
 * bed count, size, description, owner and created time, and the Edit Layout, Duplicate and
 * Delete menu.
 */
export function GardenLayoutsPage() {
  useDocumentTitle('Garden Layouts');
  const layouts = usePlanningSearch(useLayouts);
  const { remove, pending } = useLayoutWrites();
  const newButton = <LinkButton to="/planning/garden-layouts/new" icon={<Plus size={18} aria-hidden="true" />}>New Layout</LinkButton>;
  return (
    <div className="pl-page">
      <PageHeader
        title="Garden Layouts"
        description="Draw your beds to scale, say what grows where, and plan rotations on them."
        actions={newButton}
      />
      <PlanningCardList
        {...layouts}
        searchLabel="Search layouts"
        noun="garden layouts"
        skeleton={{ rows: 4, height: 150 }}
        icon={<LayoutGrid size={26} />}
        emptyText="Draw your garden to scale: beds, paths and what grows in each bed."
        action={newButton}
        card={(l, onDelete) => <LayoutCard layout={l} onDelete={onDelete} />}
        deletion={{ noun: 'layout', description: DELETE_LAYOUT_TEXT, pending, remove }}
      />
    </div>
  );
}
