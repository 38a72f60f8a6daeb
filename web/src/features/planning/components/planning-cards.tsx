import { MoreVertical, Pencil, Trash } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeleteConfirm } from '@/components/ui/delete-confirm';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { PagedListStates, type ListQuery, type Pager } from '@/components/ui/list-states';
import { SearchToolbar } from '@/components/ui/search-field';
import { useT } from '@/lib/i18n/provider';
import { relativeTime } from '@/lib/time-ago';
import { useDebounced } from './use-debounced';


/** What a PlanningCard shows of a layout or a plan. */
interface PlanningItem {
  name: string;
  description?: string;
  username?: string | null;
  createdAt: string;
}

/**
 * PlanningCard: a garden layout or rotation plan in its list — a badge, the actions menu
 * (edit, `extraActions`, delete), the name linking to the editor, its size, description,
 * owner and created time.
 */
export function PlanningCard({
  item: { name, description, username, createdAt },
  to,
  badge,
  editLabel,
  extraActions,
  onDelete,
  size,
}: {
  item: PlanningItem;
  /** The editor's path. */
  to: string;
  badge: ReactNode;
  editLabel: string;
  extraActions?: ReactNode;
  onDelete: () => void;
  size: ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <article className="pl-card">
      <header className="pl-card__head">
        {badge}
        <DropdownMenu
          label={name}
          trigger={
            <Button variant="ghost" size="icon" aria-label={t('planning.card.actions', { name })}>
              <MoreVertical size={18} aria-hidden="true" />
            </Button>
          }
        >
          <DropdownMenuItem icon={<Pencil size={16} />} onSelect={() => void navigate(to)}>
            {editLabel}
          </DropdownMenuItem>
          {extraActions}
          <DropdownMenuItem icon={<Trash size={16} />} destructive onSelect={onDelete}>
            {t('planning.card.delete')}
          </DropdownMenuItem>
        </DropdownMenu>
      </header>
      <h2 className="pl-card__title title-link">
        <Link to={to}>{name}</Link>
      </h2>
      <span className="pl-card__size">{size}</span>
      {description ? <p className="pl-card__text">{description}</p> : null}
      <p className="pl-card__meta">
        <span>{username ? t('planning.card.by', { name: username }) : t('planning.card.byYou')}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={createdAt}>{relativeTime(createdAt)}</time>
      </p>
    </article>
  );
}

/**
 * usePlanningSearch: a planning list searched on the server as the person types (debounced);
 * spread the answer on the PlanningCardList.
 */
export function usePlanningSearch<L>(useList: (query: string) => L) {
  const [value, setValue] = useState('');
  const query = useDebounced(value);
  const list = useList(query);
  return { list, search: value, onSearch: setValue, filtered: Boolean(query.trim()) };
}

/**
 * PlanningCardList: the searched, paged grid of a planning list page: the search box, then
 * `texts`' "Loading …", "Failed to load …", "No … found." (with `emptyText` and `action`), the
 * same sentence with Clear search when the search leaves none, else the cards and "Load
 * more"; a card's delete asks first (DeleteConfirm with `deletion`).
 */
export function PlanningCardList<T extends { id: number; name: string }>({
  list,
  search,
  onSearch,
  searchLabel,
  filtered,
  texts,
  skeleton,
  icon,
  emptyText,
  action,
  gridClassName = 'pl-grid',
  card,
  deletion,
}: {
  list: ListQuery & Pager & { items: readonly T[] };
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  /** A search is applied on the server. */
  filtered: boolean;
  /** The list's texts: "Loading garden layouts…", "Failed to load garden layouts. …", "No garden layouts found.", the grid's name. */
  texts: { loading: string; failed: string; none: string; grid: string };
  skeleton: { rows: number; height: number };
  icon: ReactNode;
  emptyText: string;
  action: ReactNode;
  gridClassName?: string;
  /** A card; onDelete asks to confirm deleting its item. */
  card: (item: T, onDelete: (item: T) => void) => ReactNode;
  /** The confirmation's word ("plan"), sentence and the delete itself. */
  deletion: { noun: string; description: string; pending: boolean; remove: (id: number) => Promise<unknown> };
}) {
  const t = useT();
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      <SearchToolbar className="pl-toolbar" label={searchLabel} placeholder={t('planning.list.searchPlaceholder')} value={search} onChange={onSearch} />
      <PagedListStates
        list={list}
        filtered={filtered}
        loading={{ label: texts.loading, ...skeleton, className: 'pl-grid' }}
        errorTitle={texts.failed}
        errorText=""
        empty={{ icon, title: texts.none, text: emptyText, action }}
        noResultsState={{ text: texts.none, onClear: () => onSearch('') }}
      >
        <ul className={gridClassName} aria-label={texts.grid}>
          {list.items.map((item) => (
            <li key={item.id}>{card(item, setDeleting)}</li>
          ))}
        </ul>
      </PagedListStates>
      <DeleteConfirm item={deleting} onClose={() => setDeleting(null)} {...deletion} />
    </>
  );
}
