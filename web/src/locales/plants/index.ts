import { loadArea } from '@/lib/i18n/areas';

/**
 * The plants area's catalogue in the shown language: the plants pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('plants', import.meta.glob('./*.json')).then(() => null);
