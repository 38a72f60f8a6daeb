import { Database, Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { usePlantDatabasePages } from '@/api/plant-database/get-plant-database-pages';
import type { PlantDatabaseItem } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListStates } from '@/components/ui/list-states';
import { RowActions } from '@/components/ui/row-actions';
import { SearchCard } from '@/components/ui/search-card';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { DEFAULT_PLANT_TYPE } from '@/lib/care';
import { useDebounced } from '@/lib/use-debounced';
import { useDeletePlantDatabaseItem } from '../api/delete-plant-database-item';
import { adminTabPath } from './admin-tabs';

/** Source column: Imported for items from the seed store, Manual otherwise (spec 01 §2). */
export function sourceLabel(source: string | null | undefined): 'Imported' | 'Manual' {
  return source === 'import' ? 'Imported' : 'Manual';
}

/** deleteQuestion: the confirmation of spec 01 §2. */
export function deleteQuestion(name: string): string {
  return `Are you sure you want to delete ${name} from the plant database?`;
}

function DeleteItemDialog({ item, onClose }: { item: PlantDatabaseItem | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeletePlantDatabaseItem();
  const { toast } = useToast();
  const remove = async () => {
    if (!item) return;
    try {
      await trigger(item.id);
      toast({ title: 'Plant database item deleted successfully', description: `${item.commonName} was removed.`, variant: 'success' });
    } catch (error) {
      const message = getErrorMessage(error, error instanceof Error ? error.message : 'Unknown error');
      toast({
        title: 'Delete failed',
        description: `Failed to delete plant database item: ${message}`,
        variant: 'destructive',
      });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !isMutating) onClose();
      }}
      title="Delete plant"
      description={item ? deleteQuestion(item.commonName) : ''}
      confirmLabel="Delete"
      pending={isMutating}
      onConfirm={() => void remove()}
    />
  );
}

/** Rows per page of the admin list; "Load more" reads the next. */
export const ADMIN_PAGE_SIZE = 50;

/**
 * PlantListTab: the plant database items in a table (ID, Name, Scientific Name, Type,
 * Source, Actions) with search, Add Plant, Edit and Delete. The server searches and pages
 * the list (a page of 50, then "Load more"). `enabled` false (not an admin) fetches nothing
 * (spec 01 §6).
 */
export function PlantListTab({ enabled }: { enabled: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const items = usePlantDatabasePages({ q, limit: ADMIN_PAGE_SIZE }, enabled);
  const [deleting, setDeleting] = useState<PlantDatabaseItem | null>(null);
  const visible = items.items;

  const content = (
    <ListStates
      query={items}
      isEmpty={!q && visible.length === 0}
      noResults={visible.length === 0}
      compact
      loading={{ label: 'Loading the plant database…', rows: 6, height: 40, className: 'admin-skeleton' }}
      errorTitle="Failed to load plant database items"
      errorText={getErrorMessage(items.error, 'Something went wrong while loading the plant database.')}
      empty={{
        icon: <Database size={22} />,
        title: 'The plant database is empty',
        text: 'Import the seed store\'s plants on the Ecommerce Import tab, or add a plant by hand.',
        action: (
          <>
            <Link to={adminTabPath('ecommerce')} className={buttonClass('primary')}>
              <Store size={18} aria-hidden="true" />
              Import from the seed store
            </Link>
            <Link to="/admin/plants/new" className={buttonClass('outline')}>
              <Plus size={18} aria-hidden="true" />
              Add Plant
            </Link>
          </>
        ),
      }}
      noResultsState={{ text: `No plant matches “${q}”.`, onClear: () => setSearch('') }}
      pager={items}
    >
      <Table aria-label="Plant database items">
        <thead>
          <tr>
            <th scope="col" className="table__num">
              ID
            </th>
            <th scope="col">Name</th>
            <th scope="col">Scientific Name</th>
            <th scope="col">Type</th>
            <th scope="col">Source</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((item) => (
            <tr key={item.id}>
              <td className="table__num table__muted">{item.id}</td>
              <td className="admin-table__name table__wrap">
                <Link to={`/plant-database/${item.id}`}>{item.commonName}</Link>
              </td>
              <td className="admin-table__latin table__wrap">{item.scientificName || <span className="table__muted">—</span>}</td>
              <td>{item.plantType || DEFAULT_PLANT_TYPE}</td>
              <td>
                {sourceLabel(item.source) === 'Imported' ? (
                  <Badge tone="blue">Imported</Badge>
                ) : (
                  <Badge tone="neutral">Manual</Badge>
                )}
              </td>
              <td>
                <div className="admin-table__actions">
                  <RowActions name={item.commonName} editTo={`/admin/plants/${item.id}`} onDelete={() => setDeleting(item)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ListStates>
  );

  return (
    <>
      <SearchCard
        id="admin-list-title"
        icon={<Database size={18} />}
        title="Plant Database"
        description="Every species users can browse, by name"
        actions={
          <Link to="/admin/plants/new" className={buttonClass('primary')}>
            <Plus size={18} aria-hidden="true" />
            Add Plant
          </Link>
        }
        search={{ label: 'Search plants', placeholder: 'Name or scientific name', value: search, onChange: setSearch }}
      >
        {content}
      </SearchCard>
      <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
