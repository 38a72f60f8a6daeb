import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { QrCodeResponse } from '@/api/types';

/** usePlantQrCode: GET /api/plants/{id}/qrcode — {qrCodeDataUrl} (a PNG data URL). */
export function usePlantQrCode(id: number | null) {
  return useApiQuery<QrCodeResponse>(id === null ? null : urls.plantQrCode(id));
}
