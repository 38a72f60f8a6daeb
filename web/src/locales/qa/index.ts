import { loadArea } from '@/lib/i18n/areas';

/**
 * The qa area's catalogue in the shown language: the qa pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('qa', import.meta.glob('./*.json')).then(() => null);
