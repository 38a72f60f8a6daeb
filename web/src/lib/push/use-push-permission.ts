import { useCallback, useEffect, useState } from 'react';
import { pushPermission, type PushPermission } from './support';

/**
 * usePushPermission follows the browser's notification permission: read on mount, again when
 * the window regains focus or the page becomes visible (the user may have changed it in the
 * site settings), and on the Permissions API's change event where the browser has one.
 */
export function usePushPermission(): { permission: PushPermission; refresh: () => PushPermission } {
  const [permission, setPermission] = useState<PushPermission>(pushPermission);

  const refresh = useCallback(() => {
    const next = pushPermission();
    setPermission(next);
    return next;
  }, []);

  const supported = permission !== 'unsupported';
  useEffect(() => {
    if (!supported) return;
    const onVisible = () => {
      if (document.visibilityState !== 'hidden') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    let status: PermissionStatus | null = null;
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'notifications' as PermissionName })
      .then((s) => {
        if (cancelled) return;
        status = s;
        s.addEventListener('change', refresh);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
      status?.removeEventListener('change', refresh);
    };
  }, [supported, refresh]);

  return { permission, refresh };
}
