import { loadArea } from '@/lib/i18n/areas';

/**
 * The planning area's catalogue in the shown language: the planning pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('planning', import.meta.glob('./*.json')).then(() => null);
