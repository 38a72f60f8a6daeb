import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api/client';
import { journalKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';

/** deleteJournalEntry: DELETE /api/journal-entries/{id}. */
export async function deleteJournalEntry(url: string, { arg }: { arg: number }): Promise<void> {
  await apiRequest('DELETE', `${url}/${arg}`);
}

/** useDeleteJournalEntry removes an entry, then refreshes the journal lists. */
export function useDeleteJournalEntry() {
  const refresh = useRefresh();
  return useSWRMutation<void, Error, string, number>(urls.journalEntries, deleteJournalEntry, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(journalKeys),
  });
}
