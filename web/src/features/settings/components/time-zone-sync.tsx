import { useEffect, useRef } from 'react';
import { apiJSON } from '@/api/client';
import { plantKeys, summaryKeys, taskKeys, urls } from '@/api/keys';
import { useRefresh } from '@/api/query';
import type { User } from '@/api/types';
import { useSession } from '@/lib/session';
import { browserTimeZone } from '@/lib/time-zone';
import { LanguageSync } from './language-sync';
import { syncSessionUser } from './sync-session-user';

/**
 * TimeZoneSync: on the first sign-in of a gardener whose time zone is not set (the server says
 * ""), it sends the browser's zone once, so "today" is theirs from then on; Settings changes it.
 * Never while impersonating: the zone belongs to the gardener, not to who acts for them.
 * The browser's language is sent the same way (LanguageSync), in the same chunk.
 */
export function TimeZoneSync() {
  const { user, impersonation } = useSession();
  const refresh = useRefresh();
  const sent = useRef(false);
  useEffect(() => {
    if (!user || user.timeZone !== '' || impersonation?.isImpersonating || sent.current) return;
    const zone = browserTimeZone();
    if (!zone) return;
    sent.current = true;
    apiJSON<User>('PATCH', urls.userSettings, { timeZone: zone })
      .then((saved) => {
        syncSessionUser(saved);
        void refresh(summaryKeys, plantKeys, taskKeys);
      })
      .catch(() => {
        sent.current = false; // tried again on the next change of the session
      });
  }, [user, impersonation, refresh]);
  return <LanguageSync />;
}
