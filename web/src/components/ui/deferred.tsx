import { useState, type ComponentType } from 'react';
import { preloadable, usePreloaded } from '@/lib/preload';

/** What a deferred component gets besides its own props: open at once when asked for early. */
export interface DeferredProps {
  defaultOpen?: boolean;
}

/** What its placeholder gets: a function to call when someone clicks it before the code is in. */
export interface PlaceholderProps {
  onActivate: () => void;
}

/**
 * deferred loads a component's code right after the first page instead of with it: the page
 * renders `Placeholder` (which should look like the real thing, e.g. a menu's trigger button)
 * and swaps in the component when its chunk arrives, a moment later. A click on the
 * placeholder in between is not lost: the component then mounts with `defaultOpen`. For what
 * every page shows but nobody uses in its first second: the header's menus, the week strip's.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & DeferredProps>>,
  Placeholder: ComponentType<P & PlaceholderProps>,
): ComponentType<P> {
  const code = preloadable(load);
  function Deferred(props: P) {
    const [activated, setActivated] = useState(false);
    const Component = usePreloaded(code);
    if (!Component) return <Placeholder {...props} onActivate={() => setActivated(true)} />;
    return <Component {...props} defaultOpen={activated} />;
  }
  return Deferred;
}
