import { loadArea } from '@/lib/i18n/areas';

/**
 * The harvests area's catalogue in the shown language: the harvests pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('harvests', import.meta.glob('./*.json')).then(() => null);
