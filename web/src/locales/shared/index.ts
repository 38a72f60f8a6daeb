import { loadArea } from '@/lib/i18n/areas';

/**
 * The shared area's catalogue in the shown language: the shared pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('shared', import.meta.glob('./*.json')).then(() => null);
