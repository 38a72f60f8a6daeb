import { loadArea } from '@/lib/i18n/areas';

/**
 * The forum area's catalogue in the shown language: the forum pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('forum', import.meta.glob('./*.json')).then(() => null);
