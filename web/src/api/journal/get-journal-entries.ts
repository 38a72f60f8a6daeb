import { urls } from '../keys';
import { useApiQuery } from '../query';
import type { JournalEntry } from '../types';

/** useJournalEntries: GET /api/journal-entries, newest entryDate first. */
export function useJournalEntries() {
  return useApiQuery<JournalEntry[]>(urls.journalEntries);
}
