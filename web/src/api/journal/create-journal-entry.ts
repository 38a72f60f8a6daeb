import useSWRMutation from 'swr/mutation';
import { apiJSON } from '../client';
import { journalKeys, urls } from '../keys';
import { useRefresh } from '../query';
import type { JournalEntry, NewJournalEntry } from '../types';

/** postJournalEntry: POST /api/journal-entries. */
export function postJournalEntry(url: string, { arg }: { arg: NewJournalEntry }): Promise<JournalEntry> {
  return apiJSON<JournalEntry>('POST', url, arg);
}

/** useCreateJournalEntry adds an entry, then refreshes the journal lists. */
export function useCreateJournalEntry() {
  const refresh = useRefresh();
  return useSWRMutation<JournalEntry, Error, string, NewJournalEntry>(urls.journalEntries, postJournalEntry, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(journalKeys),
  });
}
