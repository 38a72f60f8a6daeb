import { loadArea } from '@/lib/i18n/areas';

/**
 * The notifications area's catalogue in the shown language: the notifications pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('notifications', import.meta.glob('./*.json')).then(() => null);
