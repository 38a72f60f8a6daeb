import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useOfflineQueue } from '@/api/offline-queue';
import { useT } from '@/lib/i18n/provider';
import './offline-notice.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** useOnline follows the browser's connection state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * OfflineNotice tells the gardener that the connection is gone and what still works: pages show
 * what Garden last loaded, and Water Now, Fertilize and Complete are kept on this device and
 * sent (with the time they were done) when the connection is back.
 */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  const waiting = useOfflineQueue((items) => items.length);
  if (online) return null;
  return (
    <div className="offline-notice" role="status" aria-live="polite">
      <WifiOff size={16} aria-hidden />
      <span>
        {t('offline.text')}
        {waiting > 0 ? ` ${t('offline.waiting', { count: waiting })}` : null}
      </span>
    </div>
  );
}
