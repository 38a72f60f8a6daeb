import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { getErrorMessage } from '@/api/client';
import type { ImpersonationRecord, User } from '@/api/types';
import { LOGOUT_REDIRECT_DELAY_MS } from '@/lib/config';
import { useToast } from '@/components/ui/toast';
import { postEndImpersonation } from './api/end-impersonation';
import { applyTheme, isTheme, storedTheme } from '@/lib/theme';
import { chooseLocale, currentLocale, t } from '@/lib/i18n/i18n';
import { isGardenLocale } from '@/lib/i18n/locale';
import { getCurrentUser } from './api/get-user';
import { postImpersonate } from './api/impersonate';
import { postLogout } from './api/logout';
import { hasRole } from './roles';
import {
  STORAGE_KEYS,
  clearSession,
  readImpersonation,
  readToken,
  readUser,
  writeImpersonation,
  writeSession,
  writeUser,
} from './storage';

/**
 * Session states: `restoring` while a stored token is verified with GET /api/user,
 * `error` when that check failed for another reason than 401 and no stored user can
 * stand in, then `signed-in` or `signed-out`.
 */
export type SessionStatus = 'restoring' | 'error' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  token: string | null;
  impersonation: ImpersonationRecord | null;
  /** True between pressing Log Out and arriving on /auth. */
  loggingOut: boolean;
  /** Why the session ended: after an explicit logout the app goes to plain /auth. */
  signedOutBy: 'logout' | null;
  /** Message of a failed restore (status `error`). */
  restoreError: string | null;
}

export interface Session extends SessionState {
  /** Logs out: server call, local clean-up even if it fails, toast, /auth after 100 ms. */
  logout: () => Promise<void>;
  /** Starts impersonating a user (superadmins only); resolves true on success. */
  impersonate: (userId: number) => Promise<boolean>;
  /** Ends impersonation and restores the original user; resolves true on success. */
  endImpersonation: () => Promise<boolean>;
  /** Tries the session check again after a failed restore. */
  retryRestore: () => void;
}

const SessionContext = createContext<Session | null>(null);

const signedOut: SessionState = {
  status: 'signed-out',
  user: null,
  token: null,
  impersonation: null,
  loggingOut: false,
  signedOutBy: null,
  restoreError: null,
};

/** initialSessionState reads local storage: with a token the session must be verified. */
export function initialSessionState(): SessionState {
  const token = readToken();
  const user = readUser();
  const impersonation = readImpersonation();
  if (!token) {
    if (user || impersonation) clearSession();
    return signedOut;
  }
  return { ...signedOut, status: 'restoring', token, user, impersonation };
}

// The stored session's check asked for by main.tsx before React's first render (see
// startSessionRestore); the first restore takes it instead of asking again.
let earlyRestore: Promise<User | null> | undefined;

/**
 * startSessionRestore sends GET /api/user at once when a token is stored, so the check runs
 * beside the download of the first page's code instead of after it (the restore effect below
 * only runs once the router has loaded that code): one round trip less before the page's own
 * requests on a slow network.
 */
export function startSessionRestore() {
  if (!readToken()) return;
  earlyRestore = getCurrentUser();
  // Handled by the restore that takes it; never an unhandled rejection meanwhile.
  earlyRestore.catch(() => undefined);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialSessionState);
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  /** Drops every cached response: they belonged to the previous identity. */
  const resetCache = useCallback(
    (revalidate: boolean) => mutate(() => true, undefined, { revalidate }),
    [mutate],
  );

  // Session restore: verify a stored token before showing protected pages.
  useEffect(() => {
    if (state.status !== 'restoring') return;
    let cancelled = false;
    const check = earlyRestore ?? getCurrentUser();
    earlyRestore = undefined;
    check
      .then((user) => {
        if (cancelled) return;
        if (!user) {
          clearSession();
          setState(signedOut);
          return;
        }
        writeUser(user);
        // The first page's whole tree renders on this update (the boot shell covers it until
        // then): as a transition React renders it in slices with the phone's main thread free
        // between them, where a plain update is one long task (Lighthouse's blocking time).
        startTransition(() => setState((s) => ({ ...s, status: 'signed-in', user, restoreError: null })));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setState((s) =>
          // The server could not confirm the token for another reason (offline, 5xx):
          // carry on with the stored user if there is one; its requests will tell.
          s.user
            ? { ...s, status: 'signed-in', restoreError: null }
            : { ...s, status: 'error', restoreError: error instanceof Error ? error.message : String(error) },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [state.status]);

  // The gardener's theme follows them from device to device (issue #25 item 6); while an
  // administrator acts as someone, the administrator's own theme stays.
  const theme = state.status !== 'signed-in' || state.impersonation?.isImpersonating ? undefined : state.user?.theme;
  useEffect(() => {
    if (isTheme(theme) && theme !== storedTheme()) applyTheme(theme);
  }, [theme]);

  // So does their language (issue #25 item 5): the app shows the one saved with the account.
  const language = state.status !== 'signed-in' || state.impersonation?.isImpersonating ? undefined : state.user?.language;
  useEffect(() => {
    if (isGardenLocale(language) && language !== currentLocale()) void chooseLocale(language);
  }, [language]);

  // Another tab signed in, out or switched identity: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !Object.values(STORAGE_KEYS).includes(event.key as never)) return;
      const next = initialSessionState();
      setState((s) => {
        if (s.loggingOut) return s;
        if (next.status === 'signed-out') return s.status === 'signed-out' ? s : next;
        if (next.token === s.token) return { ...s, user: next.user ?? s.user, impersonation: next.impersonation };
        return next;
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(
    () => () => {
      if (logoutTimer.current) clearTimeout(logoutTimer.current);
    },
    [],
  );

  const loggingOutRef = useRef(false);
  const logout = useCallback(async () => {
    if (loggingOutRef.current) return;
    loggingOutRef.current = true;
    setState((s) => ({ ...s, loggingOut: true }));
    // The server forgets this browser's push device with the session; the browser's own
    // subscription ends too, so that on a shared computer the next person gets none of this
    // user's messages (issue #22 item 7). Both are best-effort: the local session ends anyway.
    await Promise.allSettled([
      postLogout().catch(() => {
        // The local session ends even when the server call fails (spec 01 §4).
      }),
      // Loaded when needed: push code is not part of the first page.
      import('@/lib/push/subscription').then((m) => m.unsubscribeFromPush()),
    ]);
    clearSession();
    void resetCache(false);
    toast({ title: t('session.loggedOut'), description: t('session.loggedOutText') });
    logoutTimer.current = setTimeout(() => {
      logoutTimer.current = null;
      loggingOutRef.current = false;
      setState({ ...signedOut, signedOutBy: 'logout' });
      navigate('/auth', { replace: true });
    }, LOGOUT_REDIRECT_DELAY_MS);
  }, [navigate, resetCache, toast]);

  const stateRef = useRef(state);
  stateRef.current = state;

  const impersonate = useCallback(
    async (userId: number) => {
      const current = stateRef.current.user;
      if (!current || !hasRole(current, 'superadmin') || stateRef.current.impersonation) {
        toast({
          title: t('session.permissionDenied'),
          description: t('session.onlySuperadmins'),
          variant: 'destructive',
        });
        return false;
      }
      try {
        const response = await postImpersonate(userId);
        const record: ImpersonationRecord = { isImpersonating: true, originalUser: current };
        writeSession(response.token, response.user);
        writeImpersonation(record);
        setState((s) => ({
          ...s,
          status: 'signed-in',
          token: response.token,
          user: response.user,
          impersonation: record,
        }));
        void resetCache(true);
        toast({
          title: t('session.impersonationActive'),
          description: t('session.viewingAs', { username: response.user.username }),
          variant: 'success',
        });
        navigate('/');
        return true;
      } catch (error) {
        toast({
          title: t('session.impersonationFailed'),
          description: getErrorMessage(error, t('session.couldNotImpersonate')),
          variant: 'destructive',
        });
        return false;
      }
    },
    [navigate, resetCache, toast],
  );

  const endImpersonation = useCallback(async () => {
    const record = stateRef.current.impersonation;
    if (!record) return false;
    try {
      const response = await postEndImpersonation();
      const original = response.user ?? record.originalUser;
      writeSession(response.token, original);
      writeImpersonation(null);
      setState((s) => ({ ...s, status: 'signed-in', token: response.token, user: original, impersonation: null }));
      void resetCache(true);
      toast({
        title: t('session.impersonationEnded'),
        description: t('session.backAs', { username: original.username }),
        variant: 'success',
      });
      return true;
    } catch (error) {
      toast({
        title: t('common.error'),
        description: getErrorMessage(error, t('session.couldNotEnd')),
        variant: 'destructive',
      });
      return false;
    }
  }, [resetCache, toast]);

  const retryRestore = useCallback(() => {
    setState(() => {
      const next = initialSessionState();
      return next.status === 'restoring' ? next : signedOut;
    });
  }, []);

  const value = useMemo<Session>(
    () => ({ ...state, logout, impersonate, endImpersonation, retryRestore }),
    [state, logout, impersonate, endImpersonation, retryRestore],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** useSession gives the session state and its actions; it must be used under SessionProvider. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used within SessionProvider');
  return session;
}
