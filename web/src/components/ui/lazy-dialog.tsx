import { useEffect, useState, type ComponentType } from 'react';

/**
 * lazyDialog turns a dialog into one whose code loads apart from the page, so a page that only
 * offers it (the dashboard's Add Plant and New Entry, every Delete's confirmation) does not pay
 * for its form, its schema library and Radix's focus trap on first load. By default the code
 * loads the first time the dialog opens; with `preload` it loads right after the page has
 * rendered, for small dialogs that must open at once (a confirmation). Once opened it stays
 * mounted, so closing keeps its animation and reopening is instant.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
  { preload = false }: { preload?: boolean } = {},
): ComponentType<P> {
  let Dialog: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const fetchDialog = () =>
    (loading ??= load().then(
      (component) => (Dialog = component),
      () => (loading = undefined), // offline: the next opening tries again
    ));

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    const [, setLoaded] = useState(Dialog !== undefined);
    // Derived state: remember the first opening (React's documented pattern for this).
    if (props.open && !opened) setOpened(true);
    const wanted = opened || preload;
    useEffect(() => {
      if (!wanted || Dialog) return;
      let mounted = true;
      void fetchDialog().then(() => mounted && setLoaded(Dialog !== undefined));
      return () => {
        mounted = false;
      };
    }, [wanted]);
    if (!opened || !Dialog) return null;
    return <Dialog {...props} />;
  }
  return LazyDialog;
}
