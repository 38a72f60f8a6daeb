import { useEffect, useState } from 'react';
import { isAreaLoaded, loadAreaTexts, type Area } from './areas';

/**
 * useAreaTexts: whether an area's texts (and the shared components') are there in the shown
 * language, loading them on the first render that needs them. For a page outside the route
 * table's areaPage (the sign-in pages: locales/auth), whose texts would otherwise weigh on the
 * dashboard's first load through the core catalogue: it renders nothing for the moment they load.
 */
export function useAreaTexts(area: Area): boolean {
  const [ready, setReady] = useState(() => isAreaLoaded(area));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadAreaTexts(area).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [area, ready]);
  return ready;
}
