import { apiJSON } from '../client';
import { journalKeys, urls } from '../keys';
import { useApiMutation } from '../mutation';
import type { JournalEntry, NewJournalEntry } from '../types';

/** The body of an edit: the create form's fields (the owner stays the caller). */
export type JournalEntryChange = Omit<NewJournalEntry, 'userId'> & { id: number };

/** patchJournalEntry: PATCH /api/journal-entries/{id}. */
export function patchJournalEntry(url: string, { arg }: { arg: JournalEntryChange }): Promise<JournalEntry> {
  const { id, ...body } = arg;
  return apiJSON<JournalEntry>('PATCH', `${url}/${id}`, body);
}

/** useUpdateJournalEntry saves an edited entry, then refreshes the journal lists. */
export function useUpdateJournalEntry() {
  return useApiMutation<JournalEntry, JournalEntryChange>(urls.journalEntries, patchJournalEntry, { refresh: [journalKeys] });
}
