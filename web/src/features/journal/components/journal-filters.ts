import type { JournalEntry } from '@/api/types';

export interface JournalFilters {
  search: string;
  /** '' = All Plants */
  plantId: string;
  /** '' = All Stages */
  stage: string;
  /** yyyy-MM-dd or '' */
  date: string;
}

export const emptyJournalFilters: JournalFilters = { search: '', plantId: '', stage: '', date: '' };

export function hasJournalFilters(filters: JournalFilters): boolean {
  return Boolean(filters.search.trim() || filters.plantId || filters.stage || filters.date);
}

/** sortEntries: newest entryDate first, then the most recently created. */
export function sortEntries(entries: JournalEntry[]): JournalEntry[] {
  return [...entries].sort(
    (a, b) => b.entryDate.localeCompare(a.entryDate) || (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id,
  );
}

/** filterEntries: free text over title, content and plant name; plant; growth stage; one day. */
export function filterEntries(entries: JournalEntry[], filters: JournalFilters, plantNames: Map<number, string>): JournalEntry[] {
  const needle = filters.search.trim().toLowerCase();
  return sortEntries(entries).filter((entry) => {
    if (filters.plantId && String(entry.plantId) !== filters.plantId) return false;
    if (filters.stage && entry.growthStage !== filters.stage) return false;
    if (filters.date && entry.entryDate.slice(0, 10) !== filters.date) return false;
    if (!needle) return true;
    const plantName = entry.plantName ?? plantNames.get(entry.plantId) ?? '';
    return [entry.title, entry.content, plantName].some((field) => (field ?? '').toLowerCase().includes(needle));
  });
}
