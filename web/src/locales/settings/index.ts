import { loadArea } from '@/lib/i18n/areas';

/**
 * The settings area's catalogue in the shown language: the settings pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('settings', import.meta.glob('./*.json')).then(() => null);
