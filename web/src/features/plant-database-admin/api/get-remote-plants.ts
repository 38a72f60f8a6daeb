import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { RemotePlants } from '@/api/types';

/**
 * useRemotePlants: GET /api/ecommerce/plants — the seed store's "(PP)" products, read
 * live (nothing is saved), and the products that could not be read.
 */
export function useRemotePlants(enabled = true) {
  return useApiQuery<RemotePlants>(enabled ? urls.ecommercePlants : null);
}
