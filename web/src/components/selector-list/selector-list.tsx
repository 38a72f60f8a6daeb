import { Check, Search, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import './selector-list.css';

export interface SelectorItem {
  id: number;
  label: string;
  /** A second line (e-mail, city…), also searched. */
  detail?: string;
  /** Something shown at the end of the row (a badge). */
  aside?: ReactNode;
  disabled?: boolean;
}

/** The height of a selector's scrolling list (spec 02 §2, §9). */
export const SELECTOR_LIST_HEIGHT = 300;

function matches(item: SelectorItem, needle: string): boolean {
  return `${item.label} ${item.detail ?? ''}`.toLowerCase().includes(needle);
}

/**
 * SelectorList: a search box over a list of choices that scrolls within 300px (spec 02 §9).
 * Picking a row calls onSelect; the chosen row is marked. Used inside selector dialogs.
 */
export function SelectorList({
  items,
  selectedId,
  onSelect,
  label,
  searchLabel,
  searchPlaceholder,
  loading = false,
  error,
  emptyText,
}: {
  items: SelectorItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Names the list. */
  label: string;
  searchLabel: string;
  searchPlaceholder?: string;
  loading?: boolean;
  /** A load error shown in place of the list. */
  error?: ReactNode;
  emptyText: string;
}) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const visible = useMemo(() => (needle ? items.filter((item) => matches(item, needle)) : items), [items, needle]);

  let body: ReactNode;
  if (loading) {
    body = (
      <LoadingRegion label="Loading…" className="selector-list__skeleton">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </LoadingRegion>
    );
  } else if (error) {
    body = <div className="selector-list__message selector-list__message--error">{error}</div>;
  } else if (items.length === 0) {
    body = <p className="selector-list__message">{emptyText}</p>;
  } else if (visible.length === 0) {
    body = (
      <p className="selector-list__message">
        <SearchX size={18} aria-hidden="true" />
        Nothing matches “{search.trim()}”.
      </p>
    );
  } else {
    body = (
      <ul className="selector-list__items" role="listbox" aria-label={label}>
        {visible.map((item) => {
          const selected = item.id === selectedId;
          return (
            <li key={item.id} role="presentation">
              <button
                type="button"
                role="option"
                aria-selected={selected}
                disabled={item.disabled}
                className={selected ? 'selector-list__item selector-list__item--selected' : 'selector-list__item'}
                onClick={() => onSelect(item.id)}
              >
                <span className="selector-list__text">
                  <span className="selector-list__label">{item.label}</span>
                  {item.detail ? <span className="selector-list__detail">{item.detail}</span> : null}
                </span>
                {item.aside}
                {selected ? <Check size={18} aria-hidden="true" className="selector-list__check" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="selector-list">
      <Field
        label={searchLabel}
        type="search"
        placeholder={searchPlaceholder}
        icon={<Search size={18} />}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
      />
      <div className="selector-list__scroll" style={{ height: SELECTOR_LIST_HEIGHT }}>
        {body}
      </div>
    </div>
  );
}
