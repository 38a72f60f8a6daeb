import { useEffect, useRef, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * UnsavedGuard warns before unsaved work is lost: leaving the page inside the app asks first
 * (react-router's blocker), and closing or reloading the tab gets the browser's own warning.
 * `when` is read at the moment of leaving; `bypass` lets a save that navigates at once (before
 * the page re-renders as saved) through.
 */
export function UnsavedGuard({ when, what = 'changes', bypass }: { when: boolean; what?: string; bypass?: RefObject<boolean> }) {
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
      title="Leave without saving?"
      description={`You have unsaved ${what}. If you leave now they are lost.`}
      confirmLabel="Leave"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
