import { apiJSON } from '../client';
import { journalKeys, urls } from '../keys';
import type { JournalEntry, NewJournalEntry } from '../types';
import { useApiMutation } from '../mutation';

/** postJournalEntry: POST /api/journal-entries. */
export function postJournalEntry(url: string, { arg }: { arg: NewJournalEntry }): Promise<JournalEntry> {
  return apiJSON<JournalEntry>('POST', url, arg);
}

/** useCreateJournalEntry adds an entry, then refreshes the journal lists. */
export function useCreateJournalEntry() {
  return useApiMutation<JournalEntry, NewJournalEntry>(urls.journalEntries, postJournalEntry, { refresh: [journalKeys] });
}
