import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { ApiError, apiJSON, getErrorMessage } from './client';
import { plantKeys, summaryKeys, taskKeys, urls } from './keys';
import { OFFLINE_QUEUE_EVENT, offlineQueue, saveOfflineQueue, type QueuedCare } from './offline-queue';
import { useRefresh } from './query';
import { t } from '@/lib/i18n/i18n';

/** send delivers one queued act with the time it was done. */
function send(item: QueuedCare): Promise<unknown> {
  if (item.kind === 'complete') return apiJSON('PATCH', `${urls.careTasks}/${item.taskId}/complete`, { completedDate: item.at });
  // As Water Now and Fertilize do online (their due tasks are completed too), at the time it was done.
  return apiJSON('POST', item.kind === 'water' ? urls.waterPlants : urls.fertilizePlants, { plantIds: [item.plantId], at: item.at });
}

export interface FlushResult {
  sent: number;
  /** Acts the server refused (the plant or task is gone, say): dropped, with its message. */
  refused: { item: QueuedCare; message: string }[];
}

/**
 * flushOfflineQueue sends the queued acts in the order they were done. It stops at the first
 * that cannot reach the server or meets a server error (tried again later) and drops one the
 * server refuses (4xx), reporting it.
 */
export async function flushOfflineQueue(): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [] };
  for (;;) {
    const [item] = offlineQueue();
    if (!item) return result;
    try {
      await send(item);
      result.sent += 1;
    } catch (error) {
      // Not reached, a server error, an expired session or a throttle: try again later.
      if (!(error instanceof ApiError) || error.status >= 500 || [401, 408, 429].includes(error.status)) return result;
      result.refused.push({ item, message: getErrorMessage(error, t('offline.serverRefused')) });
    }
    // Written after each act: a reload mid-way never sends one twice.
    saveOfflineQueue(offlineQueue().slice(1));
  }
}

/**
 * OfflineSync sends the queue when the app starts online and whenever the browser comes back
 * online, then refreshes what the acts changed and says what happened; back online, it also
 * loads again what failed to load while offline.
 */
export default function OfflineSync() {
  const refresh = useRefresh();
  const { cache } = useSWRConfig();
  const { toast } = useToast();
  const running = useRef(false);

  // What failed to load while offline loads again (SWR itself does not refetch on reconnect).
  const reloadFailed = useCallback(() => {
    void refresh((url) => cache.get(url)?.error !== undefined);
  }, [cache, refresh]);

  const flush = useCallback(async () => {
    if (running.current || !navigator.onLine || offlineQueue().length === 0) return;
    running.current = true;
    try {
      const { sent, refused } = await flushOfflineQueue();
      if (sent > 0) {
        void refresh(plantKeys, summaryKeys, taskKeys);
        toast({
          title: t('offline.back'),
          description: t('offline.sent', { count: sent }),
          variant: 'success',
        });
      }
      if (refused.length > 0) {
        const [first] = refused;
        toast({
          title: t('offline.notSaved'),
          description: t('offline.refused', { what: first!.item.label || t('offline.anAct'), message: first!.message }),
          variant: 'destructive',
        });
      }
    } finally {
      running.current = false;
    }
  }, [refresh, toast]);

  useEffect(() => {
    void flush();
    const onChange = () => void flush();
    const onOnline = () => {
      reloadFailed();
      void flush();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener(OFFLINE_QUEUE_EVENT, onChange);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener(OFFLINE_QUEUE_EVENT, onChange);
    };
  }, [flush, reloadFailed]);
  return null;
}
