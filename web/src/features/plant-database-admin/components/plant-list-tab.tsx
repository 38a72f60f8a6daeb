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
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDebounced } from '@/lib/use-debounced';
import { useDeletePlantDatabaseItem } from '../api/delete-plant-database-item';
import { adminTabPath } from './admin-tabs';
import { typeLabel } from './labels';

/** Source column: Imported for items from the seed store, Manual otherwise (spec 01 §2); sourceText names it. */
export function sourceLabel(source: string | null | undefined): 'Imported' | 'Manual' {
  return source === 'import' ? 'Imported' : 'Manual';
}

/** deleteQuestion: the confirmation of spec 01 §2. */
export function deleteQuestion(name: string): string {
  return translate('plantdb.admin.delete.question', { name });
}

/** sourceText: the source's name in the shown language. */
export function sourceText(source: string | null | undefined): string {
  return translate(sourceLabel(source) === 'Imported' ? 'plantdb.admin.source.imported' : 'plantdb.admin.source.manual');
}

function DeleteItemDialog({ item, onClose }: { item: PlantDatabaseItem | null; onClose: () => void }) {
  const { trigger, isMutating } = useDeletePlantDatabaseItem();
  const { toast } = useToast();
  const t = useT();
  const remove = async () => {
    if (!item) return;
    try {
      await trigger(item.id);
      toast({ title: t('plantdb.admin.delete.deleted'), description: t('plantdb.admin.delete.deletedText', { name: item.commonName }), variant: 'success' });
    } catch (error) {
      const message = getErrorMessage(error, error instanceof Error ? error.message : t('plantdb.admin.delete.unknown'));
      toast({
        title: t('plantdb.admin.delete.failed'),
        description: t('plantdb.admin.delete.failedText', { message }),
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
      title={t('plantdb.admin.delete.title')}
      description={item ? deleteQuestion(item.commonName) : ''}
      confirmLabel={t('plantdb.admin.delete.confirm')}
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
  const t = useT();
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
      loading={{ label: t('plantdb.list.loading'), rows: 6, height: 40, className: 'admin-skeleton' }}
      errorTitle={t('plantdb.list.failed')}
      errorText={getErrorMessage(items.error, t('plantdb.admin.list.failedText'))}
      empty={{
        icon: <Database size={22} />,
        title: t('plantdb.list.empty'),
        text: t('plantdb.admin.list.emptyText'),
        action: (
          <>
            <Link to={adminTabPath('ecommerce')} className={buttonClass('primary')}>
              <Store size={18} aria-hidden="true" />
              {t('plantdb.list.import')}
            </Link>
            <Link to="/admin/plants/new" className={buttonClass('outline')}>
              <Plus size={18} aria-hidden="true" />
              {t('plantdb.admin.addPlant')}
            </Link>
          </>
        ),
      }}
      noResultsState={{ text: t('plantdb.admin.list.noMatch', { q }), onClear: () => setSearch('') }}
      pager={items}
    >
      <Table aria-label={t('plantdb.admin.list.label')}>
        <thead>
          <tr>
            <th scope="col" className="table__num">
              {t('plantdb.admin.col.id')}
            </th>
            <th scope="col">{t('plantdb.admin.col.name')}</th>
            <th scope="col">{t('plantdb.admin.col.scientificName')}</th>
            <th scope="col">{t('plantdb.admin.col.type')}</th>
            <th scope="col">{t('plantdb.admin.col.source')}</th>
            <th scope="col">{t('plantdb.admin.col.actions')}</th>
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
              <td>{typeLabel(item.plantType || DEFAULT_PLANT_TYPE)}</td>
              <td>
                <Badge tone={sourceLabel(item.source) === 'Imported' ? 'blue' : 'neutral'}>{sourceText(item.source)}</Badge>
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
        title={t('nav.plantDatabase')}
        description={t('plantdb.admin.list.description')}
        actions={
          <Link to="/admin/plants/new" className={buttonClass('primary')}>
            <Plus size={18} aria-hidden="true" />
            {t('plantdb.admin.addPlant')}
          </Link>
        }
        search={{ label: t('plantdb.admin.list.search'), placeholder: t('plantdb.list.searchHint'), value: search, onChange: setSearch }}
      >
        {content}
      </SearchCard>
      <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
