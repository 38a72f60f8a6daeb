export { SessionProvider, useSession, initialSessionState, startSessionRestore } from './session-context';
export type { Session, SessionState, SessionStatus } from './session-context';
export { hasRole } from './roles';
export type { RequiredRole } from './roles';
export {
  STORAGE_KEYS,
  readToken,
  readUser,
  readImpersonation,
  clearSession,
  storeLoginResponse,
} from './storage';
