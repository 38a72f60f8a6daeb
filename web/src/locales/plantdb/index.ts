import { loadArea } from '@/lib/i18n/areas';

/**
 * The plantdb area's catalogue in the shown language: the plantdb pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('plantdb', import.meta.glob('./*.json')).then(() => null);
