import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
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
 * OfflineNotice tells the gardener that the connection is gone: the installed app still opens
 * (the service worker keeps its shell), but lists and changes need the server.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status" aria-live="polite">
      <WifiOff size={16} aria-hidden />
      <span>You are offline. Garden will load your plants and save changes again once you are back online.</span>
    </div>
  );
}
