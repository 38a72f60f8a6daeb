/** Page sizes of the remote plants table: 10 (default), 20, 50, 100, All (1000) (spec 01 §9). */
export const PAGE_SIZES: readonly { value: number; label: string }[] = [
  { value: 10, label: '10' },
  { value: 20, label: '20' },
  { value: 50, label: '50' },
  { value: 100, label: '100' },
  { value: 1000, label: 'All' },
];

export const DEFAULT_PAGE_SIZE = 10;

/** pageCount: how many pages `total` rows make (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** pageSlice: the rows of page `page` (1-based, kept within range) and its bounds. */
export function pageSlice<T>(rows: T[], page: number, size: number) {
  const pages = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * size;
  const items = rows.slice(start, start + size);
  return { items, page: current, pages, from: items.length ? start + 1 : 0, to: start + items.length };
}
