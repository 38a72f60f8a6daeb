import { apiJSON, apiRequest } from '@/api/client';
import { plantKeys } from '@/api/keys';
import { useApiMutation } from '@/api/mutation';
import { useApiQuery, type KeyMatcher } from '@/api/query';

/** A sensor metric, as reported on garden/sensors/<sensorId>/<metric>. */
export type SensorMetric = 'moisture' | 'temperature' | 'light' | 'battery';

/** One reading (hourly: the mean of `samples` readings in that hour). */
export interface SensorReading {
  metric: SensorMetric;
  value: number;
  at: string;
  samples: number;
  hourly: boolean;
}

/** A sensor linked to a plant (GET /api/plants/{id}/sensors). */
export interface SensorLink {
  id: number;
  plantId: number;
  sensorId: string;
  /** Moisture below this percentage means the plant needs water; null: no threshold. */
  moistureBelow: number | null;
  dry: boolean;
  drySince: string | null;
  latest: SensorReading[];
  createdAt: string;
  updatedAt: string;
}

export interface SensorLinkInput {
  sensorId?: string;
  moistureBelow?: number | null;
}

export const sensorUrls = {
  list: (plantId: number) => `/api/plants/${plantId}/sensors`,
  one: (plantId: number, id: number) => `/api/plants/${plantId}/sensors/${id}`,
  readings: (plantId: number, id: number, metric: SensorMetric, hours: number) =>
    `/api/plants/${plantId}/sensors/${id}/readings?metric=${metric}&hours=${hours}`,
};

/** Keys that change with a plant's sensor links (the list and every chart). */
const sensorKeys =
  (plantId: number): KeyMatcher =>
  (key) =>
    key.startsWith(sensorUrls.list(plantId));

/** useSensors: the plant's linked sensors with their newest readings. */
export function useSensors(plantId: number) {
  return useApiQuery<SensorLink[]>(sensorUrls.list(plantId));
}

/** useSensorReadings: one metric of a linked sensor over the last hours, oldest first. */
export function useSensorReadings(plantId: number, id: number, metric: SensorMetric, hours: number) {
  return useApiQuery<SensorReading[]>(sensorUrls.readings(plantId, id, metric, hours));
}

/** useLinkSensor links a sensor; the plant (its status) and the list refresh. */
export function useLinkSensor(plantId: number) {
  return useApiMutation<SensorLink, SensorLinkInput>(
    sensorUrls.list(plantId),
    (url, { arg }) => apiJSON<SensorLink>('POST', url, arg),
    { refresh: [sensorKeys(plantId), plantKeys] },
  );
}

/** useUpdateSensor changes a link's threshold (null removes it); the status follows at once. */
export function useUpdateSensor(plantId: number) {
  return useApiMutation<SensorLink, { id: number; moistureBelow: number | null }>(
    sensorUrls.list(plantId),
    (_url, { arg }) => apiJSON<SensorLink>('PATCH', sensorUrls.one(plantId, arg.id), { moistureBelow: arg.moistureBelow }),
    { refresh: [sensorKeys(plantId), plantKeys] },
  );
}

/** useUnlinkSensor unlinks a sensor. */
export function useUnlinkSensor(plantId: number) {
  return useApiMutation<void, number>(
    sensorUrls.list(plantId),
    async (_url, { arg }) => {
      await apiRequest('DELETE', sensorUrls.one(plantId, arg));
    },
    { refresh: [sensorKeys(plantId), plantKeys] },
  );
}
