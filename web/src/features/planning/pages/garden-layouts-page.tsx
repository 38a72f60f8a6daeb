import { formatDistanceToNow } from 'date-fns';
import { Copy, LayoutGrid, MoreVertical, Pencil, Plus, Trash } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { DeleteConfirm } from '@/components/ui/delete-confirm';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { SearchToolbar } from '@/components/ui/search-field';
import { PagedListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLayouts, useLayoutWrites } from '../api/layouts';
import type { GardenLayout } from '../api/types';
import { useDebounced } from '../components/use-debounced';
import { feet } from '../lib/geometry';
import '../planning.css';

/** DELETE_LAYOUT_TEXT is the spec's confirmation (§2). */
export const DELETE_LAYOUT_TEXT = 'This permanently deletes the layout and all associated data.';

function created(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? '' : formatDistanceToNow(d, { addSuffix: true });
}

function LayoutCard({ layout, onDelete }: { layout: GardenLayout; onDelete: (l: GardenLayout) => void }) {
  const navigate = useNavigate();
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
    <article className="pl-card">
      <header className="pl-card__head">
        <Badge tone="green" icon={<LayoutGrid size={12} aria-hidden="true" />}>
          {layout.bedCount} {layout.bedCount === 1 ? 'bed' : 'beds'}
        </Badge>
        <DropdownMenu
          label={layout.name}
          trigger={
            <Button variant="ghost" size="icon" aria-label={`Actions for ${layout.name}`}>
              <MoreVertical size={18} aria-hidden="true" />
            </Button>
          }
        >
          <DropdownMenuItem icon={<Pencil size={16} />} onSelect={() => void navigate(`/planning/garden-layouts/${layout.id}`)}>
            Edit Layout
          </DropdownMenuItem>
          <DropdownMenuItem icon={<Copy size={16} />} onSelect={() => void duplicate()}>
            Duplicate
          </DropdownMenuItem>
          <DropdownMenuItem icon={<Trash size={16} />} destructive onSelect={() => onDelete(layout)}>
            Delete
          </DropdownMenuItem>
        </DropdownMenu>
      </header>
      <h2 className="pl-card__title title-link">
        <Link to={`/planning/garden-layouts/${layout.id}`}>{layout.name}</Link>
      </h2>
      <p className="pl-card__size">
        {feet(layout.width)} ft × {feet(layout.height)} ft
      </p>
      {layout.description ? <p className="pl-card__text">{layout.description}</p> : null}
      <p className="pl-card__meta">
        <span>By {layout.username || 'You'}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={layout.createdAt}>{created(layout.createdAt)}</time>
      </p>
    </article>
  );
}

/**
 * GardenLayoutsPage (/planning/garden-layouts, spec 02 §2): the gardener's layouts with search,
 * bed count, size, description, owner and created time, and the Edit Layout, Duplicate and
 * Delete menu.
 */
export function GardenLayoutsPage() {
  useDocumentTitle('Garden Layouts');
  const [search, setSearch] = useState('');
  const query = useDebounced(search);
  const layouts = useLayouts(query);
  const { remove, pending } = useLayoutWrites();
  const [deleting, setDeleting] = useState<GardenLayout | null>(null);

  const newButton = (
    <Link className={buttonClass('primary')} to="/planning/garden-layouts/new">
      <Plus size={18} aria-hidden="true" />
      New Layout
    </Link>
  );
  return (
    <div className="pl-page">
      <PageHeader
        title="Garden Layouts"
        description="Draw your beds to scale, say what grows where, and plan rotations on them."
        actions={newButton}
      />
      <SearchToolbar className="pl-toolbar" label="Search layouts" placeholder="Search by name or description" value={search} onChange={setSearch} />
      <PagedListStates
        list={layouts}
        filtered={Boolean(query.trim())}
        loading={{ label: 'Loading garden layouts…', rows: 4, height: 150, className: 'pl-grid' }}
        errorTitle="Failed to load garden layouts. Please try again later."
        errorText=""
        empty={{
          icon: <LayoutGrid size={26} />,
          title: 'No garden layouts found.',
          text: 'Draw your garden to scale: beds, paths and what grows in each bed.',
          action: newButton,
        }}
        noResultsState={{ text: 'No garden layouts found.', onClear: () => setSearch('') }}
      >
        <ul className="pl-grid" aria-label="Garden layouts">
          {layouts.items.map((l) => (
            <li key={l.id}>
              <LayoutCard layout={l} onDelete={setDeleting} />
            </li>
          ))}
        </ul>
      </PagedListStates>
      <DeleteConfirm item={deleting} onClose={() => setDeleting(null)} noun="layout" description={DELETE_LAYOUT_TEXT} pending={pending} remove={remove} />
    </div>
  );
}
