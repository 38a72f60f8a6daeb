import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * lazyDialog turns a dialog into one whose code loads the first time it opens, so a page that
 * only offers it (the dashboard's Add Plant and New Entry) does not pay for its form, its
 * schema library and its fields on first load. Once opened it stays mounted, so closing keeps
 * its animation and reopening is instant.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Derived state: remember the first opening (React's documented pattern for this).
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
