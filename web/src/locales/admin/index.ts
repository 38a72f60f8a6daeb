import { loadArea } from '@/lib/i18n/areas';

/**
 * The admin area's catalogue in the shown language: the admin pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('admin', import.meta.glob('./*.json')).then(() => null);
