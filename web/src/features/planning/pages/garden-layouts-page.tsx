import { Copy, LayoutGrid, Plus } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLayouts, useLayoutWrites } from '../api/layouts';
import type { GardenLayout } from '../api/types';
import { PlanningCard, PlanningCardList, usePlanningSearch } from '../components/planning-cards';
import { lengthText, lengthUnit, useUnitSystem } from '@/lib/units';
import '../planning.css';

function LayoutCard({ layout, onDelete }: { layout: GardenLayout; onDelete: (l: GardenLayout) => void }) {
  const t = useT();
  const system = useUnitSystem();
  const u = lengthUnit(system);
  const { copy } = useLayoutWrites();
  const { toast } = useToast();
  const duplicate = async () => {
    try {
      const c = await copy(layout.id);
      toast({ title: t('planning.layouts.copied'), description: t('planning.layouts.copiedText', { name: c.name }), variant: 'success' });
    } catch (error) {
      toast({ title: t('planning.layouts.copyFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' });
    }
  };
  return (
    <PlanningCard
      item={layout}
      to={`/planning/garden-layouts/${layout.id}`}
      badge={
        <Badge tone="green" icon={<LayoutGrid size={12} aria-hidden="true" />}>
          {t('planning.layouts.beds', { count: layout.bedCount })}
        </Badge>
      }
      editLabel={t('planning.layouts.edit')}
      extraActions={
        <DropdownMenuItem icon={<Copy size={16} />} onSelect={() => void duplicate()}>
          {t('planning.layouts.duplicate')}
        </DropdownMenuItem>
      }
      onDelete={() => onDelete(layout)}
      size={t('planning.layouts.size', { width: lengthText(layout.width, system), height: lengthText(layout.height, system), unit: u })}
    />
  );
}

/**
 * GardenLayoutsPage (/planning/garden-layouts, spec 02 §2): the gardener's layouts with search,
 * bed count, size, description, owner and created time, and the Edit Layout, Duplicate and
 * Delete menu.
 */
export function GardenLayoutsPage() {
  const t = useT();
  useDocumentTitle(t('nav.gardenLayouts'));
  const layouts = usePlanningSearch(useLayouts);
  const { remove, pending } = useLayoutWrites();
  const newButton = <LinkButton to="/planning/garden-layouts/new" icon={<Plus size={18} aria-hidden="true" />}>
      {t('planning.layouts.new')}
    </LinkButton>;
  return (
    <div className="pl-page">
      <PageHeader
        title={t('nav.gardenLayouts')}
        description={t('planning.layouts.description')}
        actions={newButton}
      />
      <PlanningCardList
        {...layouts}
        searchLabel={t('planning.layouts.search')}
        texts={{
          loading: t('planning.layouts.loading'),
          failed: t('planning.layouts.loadFailed'),
          none: t('planning.layouts.none'),
          grid: t('planning.layouts.grid'),
        }}
        skeleton={{ rows: 4, height: 150 }}
        icon={<LayoutGrid size={26} />}
        emptyText={t('planning.layouts.emptyText')}
        action={newButton}
        card={(l, onDelete) => <LayoutCard layout={l} onDelete={onDelete} />}
        deletion={{ noun: t('planning.layouts.noun'), description: t('planning.layouts.deleteText'), pending, remove }}
      />
    </div>
  );
}
