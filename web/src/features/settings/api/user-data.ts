import { useCallback } from 'react';
import { apiJSON, apiRequest } from '@/api/client';
import { downloadUrl } from '@/lib/download';

/** GET /api/user/export: a zip of the caller's data (docs/api.md). */
export const USER_EXPORT_URL = '/api/user/export';
/** DELETE /api/user {password}: delete the caller's account. */
export const OWN_ACCOUNT_URL = '/api/user';

/** The file name the server offers, else a plain one. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? 'garden-data.zip';
}

/** useDownloadMyData fetches the export with the sign-in token and saves it as a file. */
export function useDownloadMyData() {
  return useCallback(async () => {
    const response = await apiRequest('GET', USER_EXPORT_URL);
    const url = URL.createObjectURL(await response.blob());
    try {
      downloadUrl(url, fileNameOf(response));
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    }
  }, []);
}

/** deleteOwnAccount asks the server to delete the caller's account for good. */
export function deleteOwnAccount(password: string): Promise<void> {
  return apiJSON<void>('DELETE', OWN_ACCOUNT_URL, { password });
}
