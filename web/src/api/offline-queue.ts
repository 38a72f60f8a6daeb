import { useSyncExternalStore } from 'react';
import { ApiError } from './client';

/**
 * Care done without a connection: Water Now, Fertilize and Complete made offline are kept on
 * this device, with the time they were done, and sent in order once the browser is back online
 * (api/offline-sync.tsx), so the plant's log says when the gardener really watered.
 */
export type QueuedCare =
  | { kind: 'water' | 'fertilize'; plantId: number; at: string; label: string }
  | { kind: 'complete'; taskId: number; at: string; label: string };

const KEY = 'garden.offline-care';
/** Raised on window when the queue changes (the offline notice shows how many wait). */
export const OFFLINE_QUEUE_EVENT = 'garden:offline-queue';
/** A bound, so a device offline for weeks cannot fill its storage: the oldest go first. */
export const OFFLINE_QUEUE_LIMIT = 200;

export function offlineQueue(): QueuedCare[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as QueuedCare[]) : [];
  } catch {
    return [];
  }
}

export function saveOfflineQueue(items: QueuedCare[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(items.slice(-OFFLINE_QUEUE_LIMIT)));
  } finally {
    window.dispatchEvent(new Event(OFFLINE_QUEUE_EVENT));
  }
}

/** queueCare keeps an act for later; a task already waiting to be completed is not added twice. */
export function queueCare(item: QueuedCare): void {
  const items = offlineQueue();
  if (item.kind === 'complete' && items.some((q) => q.kind === 'complete' && q.taskId === item.taskId)) return;
  saveOfflineQueue([...items, item]);
}

function subscribeQueue(onChange: () => void) {
  window.addEventListener(OFFLINE_QUEUE_EVENT, onChange);
  window.addEventListener('storage', onChange); // another tab's queue
  return () => {
    window.removeEventListener(OFFLINE_QUEUE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** useOfflineQueue follows one figure of the queue (a count, whether a task waits). */
export function useOfflineQueue<T extends number | boolean>(select: (items: QueuedCare[]) => T): T {
  return useSyncExternalStore(subscribeQueue, () => select(offlineQueue()));
}

/**
 * unreachable: the request could not reach the server (the browser is offline, or fetch failed
 * before any answer). An answer from the server, even an error, is not a reason to queue.
 */
export function unreachable(error?: unknown): boolean {
  if (!navigator.onLine) return true;
  return error instanceof TypeError && !(error instanceof ApiError);
}
