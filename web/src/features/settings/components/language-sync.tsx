import { useEffect, useRef } from 'react';
import { apiJSON } from '@/api/client';
import { urls } from '@/api/keys';
import type { User } from '@/api/types';
import { storedLocale } from '@/lib/i18n/i18n';
import { browserLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { syncSessionUser } from './sync-session-user';

/**
 * LanguageSync: on the first sign-in of a gardener whose language is not set (the server says
 * ""), it sends the language chosen on this device (the sign-in page's picker), else the browser's, once when Garden speaks it, so the server's messages,
 * e-mails and push texts come in it from then on; Settings changes it. Never while
 * impersonating: the language belongs to the gardener, not to who acts for them.
 */
export function LanguageSync() {
  const { user, impersonation } = useSession();
  const sent = useRef(false);
  useEffect(() => {
    if (!user || user.language !== '' || impersonation?.isImpersonating || sent.current) return;
    const language = storedLocale() ?? browserLanguage();
    if (!language) return;
    sent.current = true;
    apiJSON<User>('PATCH', urls.userSettings, { language })
      .then((saved) => syncSessionUser(saved))
      .catch(() => {
        sent.current = false; // tried again on the next change of the session
      });
  }, [user, impersonation]);
  return null;
}
