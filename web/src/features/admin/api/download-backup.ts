import { apiRequest } from '@/api/client';
import { downloadUrl } from '@/lib/download';

/** The superadmin's backup download (docs/api.md). */
export const BACKUP_URL = '/api/admin/backup';

/** backupFileName reads the server's file name from Content-Disposition, with a fallback. */
export function backupFileName(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match ? match[1] : 'garden-backup.tar.gz';
}

/**
 * downloadBackup fetches GET /api/admin/backup through the fetch wrapper (which sends the
 * bearer token a plain link could not) and saves the archive under the server's name.
 */
export async function downloadBackup(): Promise<void> {
  const response = await apiRequest('GET', BACKUP_URL);
  const name = backupFileName(response.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(await response.blob());
  try {
    downloadUrl(url, name);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
