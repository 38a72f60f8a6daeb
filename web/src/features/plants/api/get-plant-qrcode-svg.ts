import { apiRequest } from '@/api/client';
import { urls } from '@/api/keys';

/** getPlantQrCodeSvg: GET /api/plants/{id}/qrcode/svg — the label as SVG text (fetched on demand). */
export async function getPlantQrCodeSvg(id: number): Promise<string> {
  const response = await apiRequest('GET', urls.plantQrCodeSvg(id));
  return response.text();
}
