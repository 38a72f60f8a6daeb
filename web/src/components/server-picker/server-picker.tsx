import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Search, SearchX } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type Ref, type UIEvent } from 'react';
import { getErrorMessage } from '@/api/client';
import { useApiQuery } from '@/api/query';
import { useSearchedList } from '@/api/use-searched-list';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import './server-picker.css';

/** One row of a picker. */
export interface PickerOption {
  id: number;
  label: string;
  /** A second line (e-mail, city…). */
  detail?: string;
  /** Something shown at the end of the row (a badge). */
  aside?: ReactNode;
  /** Shown but not pickable (say why in `detail`). */
  disabled?: boolean;
}

/**
 * PickerSource: where a picker reads its choices — a paginated list searched on the server
 * (docs/api.md "Lists and pagination"), how a record becomes a row and, for a value that is
 * not on a loaded page, the URL naming that record (`?ids=` of the sites).
 */
export interface PickerSource<T extends { id: number }> {
  /** The list's URL for a search (the trimmed text; '' for none). */
  url: (query: string) => string;
  /** The URL of the record `id` alone: a list (`?ids=`) or the record itself. */
  lookup?: (id: number) => string;
  option: (item: T) => PickerOption;
}

/** The height of a picker's scrolling list (spec 02 §9: selector lists are 300px high). */
export const PICKER_LIST_HEIGHT = 300;

/** How close to the list's end (px) scrolling loads the next page. */
const SCROLL_MARGIN = 48;

/** What a picker lists: its messages are those of the noun (PICKER_TEXTS). */
export type PickerNoun = 'sites' | 'users';

/** The list's messages for each noun (catalogue keys of the shared area). */
const PICKER_TEXTS: Record<PickerNoun, Record<'loading' | 'failed' | 'noMatch' | 'empty' | 'loadMore', MessageKey>> = {
  sites: {
    loading: 'shared.serverPicker.loadingSites',
    failed: 'shared.serverPicker.failedSites',
    noMatch: 'shared.serverPicker.noMatchSites',
    empty: 'shared.serverPicker.emptySites',
    loadMore: 'shared.serverPicker.moreSites',
  },
  users: {
    loading: 'shared.serverPicker.loadingUsers',
    failed: 'shared.serverPicker.failedUsers',
    noMatch: 'shared.serverPicker.noMatchUsers',
    empty: 'shared.serverPicker.emptyUsers',
    loadMore: 'shared.serverPicker.moreUsers',
  },
};

/** What the list holds, plural, for its messages. */
interface Wording {
  /** "sites", "users". */
  noun: PickerNoun;
  /** The search box's label ("Search sites"). */
  searchLabel: string;
  searchPlaceholder?: string;
  /** Shown when there is no record at all ("There are no sites yet."). */
  emptyText?: string;
  /** The first row, meaning "none" (value null): "No site". */
  noneLabel?: string;
}

/**
 * PickerList: the searchable server list of a picker — a search box (an ARIA combobox) over a
 * listbox that scrolls within 300px. Typing searches the server after a short pause; the
 * first page shows, scrolling to the end or "Load more" reads the next. The arrow keys and
 * Page Up/Down move through the rows (past the last one reads the next page), Enter picks. Loading, error and empty
 * states show in the list's place. Used inline in selector dialogs and in ServerPicker's
 * popover.
 */
export function PickerList<T extends { id: number }>({
  source,
  label,
  value,
  onSelect,
  autoFocus = false,
  ...wording
}: Wording & {
  source: PickerSource<T>;
  /** Names the listbox. */
  label: string;
  value: number | null;
  onSelect: (item: T | null) => void;
  autoFocus?: boolean;
}) {
  // A new search keeps the last rows on screen until its page comes (searching).
  const { search, setSearch, query, list, searching } = useSearchedList<T>(source.url, { keepPrevious: true });
  const listId = useId();
  const t = useT();
  const texts = PICKER_TEXTS[wording.noun];
  // The row the arrow keys reached, for the search it was reached in (a new search starts over).
  const [activeAt, setActiveAt] = useState({ query: '', index: -1 });
  const active = activeAt.query === query ? activeAt.index : -1;
  const setActive = (index: number) => setActiveAt({ query, index });

  type Row = { key: string; option: PickerOption; item: T | null };
  const rows: Row[] = [];
  if (wording.noneLabel && !query) rows.push({ key: 'none', option: { id: 0, label: wording.noneLabel }, item: null });
  for (const item of list.items) rows.push({ key: String(item.id), option: source.option(item), item });
  const rowId = (i: number) => `${listId}-row-${i}`;
  const selectedIndex = rows.findIndex((row) => (row.item ? row.item.id === value : value === null));
  const current = active >= 0 && active < rows.length ? active : -1;

  useEffect(() => {
    if (current < 0) return;
    document.getElementById(rowId(current))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rowId derives from listId
  }, [current, listId]);

  const pick = (row: Row) => {
    if (row.option.disabled) return;
    onSelect(row.item);
  };

  const move = (to: number) => {
    if (rows.length === 0) return;
    const next = Math.max(0, Math.min(rows.length - 1, to));
    setActive(next);
    // Walking past the last row reads the next page.
    if (to >= rows.length - 1 && list.hasMore && !list.isLoadingMore) void list.loadMore();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const from = current >= 0 ? current : selectedIndex;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(from < 0 ? 0 : from + 1),
      ArrowUp: () => move(from < 0 ? rows.length - 1 : from - 1),
      PageDown: () => move((from < 0 ? 0 : from) + 5),
      PageUp: () => move((from < 0 ? 0 : from) - 5),
      Enter: () => {
        if (current >= 0) pick(rows[current]!);
      },
    };
    const handle = keys[event.key];
    if (!handle) return;
    event.preventDefault();
    handle();
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (list.hasMore && !list.isLoadingMore && box.scrollTop + box.clientHeight >= box.scrollHeight - SCROLL_MARGIN) void list.loadMore();
  };

  let body: ReactNode;
  if (list.isLoading && !searching) {
    body = (
      <LoadingRegion label={t(texts.loading)} className="server-picker__skeleton">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={44} />
        ))}
      </LoadingRegion>
    );
  } else if (list.error) {
    body = (
      <div className="server-picker__message server-picker__message--error" role="alert">
        <span>{getErrorMessage(list.error, t(texts.failed))}</span>
        <Button variant="outline" size="sm" onClick={() => void list.mutate()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (list.items.length === 0 && query) {
    body = (
      <p className="server-picker__message">
        <SearchX size={18} aria-hidden="true" />
        {t(texts.noMatch, { query })}
      </p>
    );
  } else if (list.items.length === 0 && !wording.noneLabel) {
    body = <p className="server-picker__message">{wording.emptyText ?? t(texts.empty)}</p>;
  } else {
    body = (
      <>
        <ul
          className={searching ? 'server-picker__items server-picker__items--searching' : 'server-picker__items'}
          role="listbox"
          id={listId}
          aria-label={label}
          aria-busy={searching || undefined}
        >
          {rows.map((row, i) => {
            const selected = i === selectedIndex;
            const classes = ['server-picker__item'];
            if (selected) classes.push('server-picker__item--selected');
            if (i === current) classes.push('server-picker__item--active');
            return (
              <li
                key={row.key}
                id={rowId(i)}
                role="option"
                aria-selected={selected}
                aria-disabled={row.option.disabled || undefined}
                // Named by its label; the second line describes it.
                aria-labelledby={`${rowId(i)}-label`}
                aria-describedby={row.option.detail ? `${rowId(i)}-detail` : undefined}
                className={classes.join(' ')}
                // The search box keeps the focus; a press picks without blurring it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => (i !== current ? setActive(i) : undefined)}
                onClick={() => pick(row)}
              >
                <span className="server-picker__text">
                  <span className="server-picker__label" id={`${rowId(i)}-label`}>
                    {row.option.label}
                  </span>
                  {row.option.detail ? (
                    <span className="server-picker__detail" id={`${rowId(i)}-detail`}>
                      {row.option.detail}
                    </span>
                  ) : null}
                </span>
                {row.option.aside}
                {selected ? <Check size={18} aria-hidden="true" className="server-picker__check" /> : null}
              </li>
            );
          })}
        </ul>
        {list.hasMore && !searching ? (
          <div className="server-picker__more">
            <Button variant="outline" size="sm" loading={list.isLoadingMore} onClick={() => void list.loadMore()}>
              {list.isLoadingMore ? t('shared.serverPicker.loadingMore') : t(texts.loadMore)}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const hasList = (!list.isLoading || searching) && !list.error && rows.length > 0;
  return (
    <div className="server-picker">
      <Field
        label={wording.searchLabel}
        type="search"
        placeholder={wording.searchPlaceholder}
        icon={<Search size={18} />}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hasList}
        aria-controls={hasList ? listId : undefined}
        aria-activedescendant={hasList && current >= 0 ? rowId(current) : undefined}
      />
      <div className="server-picker__scroll" style={{ height: PICKER_LIST_HEIGHT }} onScroll={onScroll}>
        {body}
      </div>
    </div>
  );
}

/**
 * usePickedOption names a picker's value: the record last picked, else the one the lookup
 * URL answers (a list or the record), so a value off the loaded pages still shows its name.
 * `null` while nothing names it (the caller shows a fallback).
 */
export function usePickedOption<T extends { id: number }>(
  source: PickerSource<T>,
  value: number | null,
  picked: T | null,
): PickerOption | null {
  const known = picked && picked.id === value ? picked : null;
  const lookup = useApiQuery<T | T[]>(value !== null && !known && source.lookup ? source.lookup(value) : null);
  const found = known ?? (Array.isArray(lookup.data) ? lookup.data.find((item) => item.id === value) : lookup.data?.id === value ? lookup.data : undefined);
  return found ? source.option(found) : null;
}

/**
 * ServerPicker: a select over a server list too long to read at once (the sites, the users):
 * a combobox button naming the value — through the source's lookup when it is not on a
 * loaded page — that opens a popover with the PickerList. The list is read only while open.
 * Give it `id`, `invalid` and `aria-describedby` from a FieldFrame so its label names it.
 */
export function ServerPicker<T extends { id: number }>({
  source,
  value,
  onChange,
  label,
  placeholder,
  fallbackLabel,
  disabled = false,
  id,
  invalid,
  'aria-describedby': describedBy,
  ref,
  ...wording
}: Wording & {
  source: PickerSource<T>;
  value: number | null;
  onChange: (item: T | null) => void;
  /** Names the listbox ("Sites"). */
  label: string;
  /** Shown without a value (and without `noneLabel`). */
  placeholder: string;
  /** The value's name while its record is unknown: "Site 12". */
  fallbackLabel: (id: number) => string;
  disabled?: boolean;
  id?: string;
  invalid?: boolean;
  'aria-describedby'?: string;
  /** The trigger (a form focuses it when the field is invalid). */
  ref?: Ref<HTMLButtonElement>;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<T | null>(null);
  const option = usePickedOption(source, value, picked);
  const text = value === null ? (wording.noneLabel ?? placeholder) : (option?.label ?? fallbackLabel(value));
  const empty = value === null && !wording.noneLabel;

  const openWithKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && !disabled && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <span className="select server-picker__field">
        <Popover.Trigger asChild>
          <button
            ref={ref}
            type="button"
            id={id}
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            className={['input', 'select__control', 'server-picker__trigger', invalid ? 'input--invalid' : ''].filter(Boolean).join(' ')}
            onKeyDown={openWithKey}
          >
            <span className={empty ? 'server-picker__placeholder' : undefined}>{text}</span>
          </button>
        </Popover.Trigger>
        <ChevronDown className="select__chevron" size={18} aria-hidden="true" />
      </span>
      <Popover.Portal>
        <Popover.Content className="popover server-picker__popover" align="start" sideOffset={6} collisionPadding={8}>
          <PickerList
            {...wording}
            source={source}
            label={label}
            value={value}
            autoFocus
            onSelect={(item) => {
              setPicked(item);
              onChange(item);
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
