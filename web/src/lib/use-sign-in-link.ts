import { useLocation } from 'react-router';

/** useSignInLink: /auth?redirect= coming back to the current page (path and query). */
export function useSignInLink(): string {
  const location = useLocation();
  return `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
