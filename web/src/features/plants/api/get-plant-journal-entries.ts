import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { JournalEntry } from '@/api/types';

/** usePlantJournalEntries: GET /api/plants/{id}/journal-entries, newest first. */
export function usePlantJournalEntries(id: number | null) {
  return useApiQuery<JournalEntry[]>(id === null ? null : urls.plantJournal(id));
}
