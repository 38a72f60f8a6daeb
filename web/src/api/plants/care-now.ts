import { useCallback, useState } from 'react';
import { useFertilizePlants, useWaterPlants } from '../today/care-now';

export type CareNowType = 'water' | 'fertilize';

/**
 * useCareNow: the Water Now and Fertilize buttons (spec 01 §4), one request: POST
 * /api/plants/water (or /fertilize) with this plant. The server completes the plant's due
 * tasks of the type, or records one done now, and moves its last date, so a due watering and a
 * due water task go together; the hooks refresh the plant, its tasks, the summary and Today.
 */
export function useCareNow(plantId: number) {
  const water = useWaterPlants();
  const fertilize = useFertilizePlants();
  const [pending, setPending] = useState<CareNowType | null>(null);

  const run = useCallback(
    async (type: CareNowType) => {
      setPending(type);
      try {
        await (type === 'water' ? water : fertilize).trigger([plantId]);
      } finally {
        setPending(null);
      }
    },
    [fertilize, plantId, water],
  );
  return { run, pending };
}
