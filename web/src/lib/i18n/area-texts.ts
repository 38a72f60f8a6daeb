import type { Area } from './areas';

/**
 * areaTexts: an area's texts and the shared components' (lib/i18n/areas.ts loadAreaTexts), for
 * a piece of the first page or the shell that loads lazily (a dialog, a menu, a section below the
 * fold): fetched beside the piece's chunk, so its texts stay out of the core catalogue and the
 * first load. Importing this module costs the first load a few bytes, not the list of catalogues.
 */
export const areaTexts = (area: Area): Promise<null> => import('./areas').then((m) => m.loadAreaTexts(area));

/** withAreaTexts: a lazily loaded module, resolved once its area's texts are there too. */
export const withAreaTexts = <T,>(area: Area, load: Promise<T>): Promise<T> =>
  Promise.all([load, areaTexts(area)]).then(([loaded]) => loaded);
