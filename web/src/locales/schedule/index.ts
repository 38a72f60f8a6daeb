import { loadArea } from '@/lib/i18n/areas';

/**
 * The schedule area's catalogue in the shown language: the schedule pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('schedule', import.meta.glob('./*.json')).then(() => null);
