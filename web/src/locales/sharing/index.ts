import { loadArea } from '@/lib/i18n/areas';

/**
 * The sharing area's catalogue in the shown language: the sharing pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('sharing', import.meta.glob('./*.json')).then(() => null);
