import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useT } from '@/lib/i18n/provider';

/**
 * UnsavedGuard warns before unsaved work is lost: leaving the page inside the app asks first
 * (react-router's blocker), and closing or reloading the tab gets the browser's own warning.
 * `when` is read at the moment of leaving; `bypass` lets a save that navigates at once (before
 * the page re-renders as saved) through. `what` names the work: a layout's or a plan's changes.
 */
export function UnsavedGuard({ when, what, bypass }: { when: boolean; what?: 'layout' | 'plan'; bypass?: RefObject<boolean> }) {
  const t = useT();
  const ref = useRef(when);
  ref.current = when;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => ref.current && !bypass?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('planning.unsaved.title')}
      description={t('planning.unsaved.text', { what: what ?? 'other' })}
      confirmLabel={t('planning.unsaved.leave')}
      cancelLabel={t('planning.unsaved.stay')}
      destructive
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
