import useSWRMutation from 'swr/mutation';
import { apiJSON } from '@/api/client';
import { importKeys, plantDatabaseKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { ImportResponse } from '@/api/types';

/**
 * postImportPlants: POST /api/ecommerce/import-plants — answers when the run ends; 409
 * while another import runs, 503 with the reason when the store cannot be read.
 */
export function postImportPlants(url: string): Promise<ImportResponse> {
  return apiJSON<ImportResponse>('POST', url);
}

/**
 * useImportPlants runs an import. Whatever the outcome, the plant database, the import
 * status, the schedule's last run and the history are refreshed.
 */
export function useImportPlants() {
  const refresh = useRefresh();
  return useSWRMutation<ImportResponse, Error, string>(urls.ecommerceImport, postImportPlants, {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(plantDatabaseKeys, importKeys),
    onError: () => void refresh(plantDatabaseKeys, importKeys),
  });
}
