import { loadArea } from '@/lib/i18n/areas';

/**
 * The journal area's catalogue in the shown language: the journal pages' route loader (routes.tsx),
 * so null, React Router's "no data".
 */
export const loadTexts = () => loadArea('journal', import.meta.glob('./*.json')).then(() => null);
