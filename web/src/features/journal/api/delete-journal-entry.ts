import { apiRequest } from '@/api/client';
import { journalKeys, urls } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';

/** deleteJournalEntry: DELETE /api/journal-entries/{id}. */
export async function deleteJournalEntry(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteJournalEntry removes an entry, then refreshes the journal lists. */
export function useDeleteJournalEntry() {
  return useApiMutation<void, number>(urls.journalEntries, deleteJournalEntry, { refresh: [journalKeys] });
}
