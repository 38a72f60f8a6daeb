
/*
 * The plant database's names in the shown language for the admin's pages (the plant database
 * pages have the same keys; a feature does not import another). The API's values stay English.
 */

/** typeLabel: a plant type's name ("Herbs") in the shown language. */
export { plantTypeName as typeLabel } from '@/lib/plant-types';

/** The named parts of care instructions (the plant database's table). */
export { CARE_PART_LABELS } from '@/lib/plant-types';

/** codeParts: a text whose <code>…</code> parts are shown as code (names the server reads literally). */
export function codeParts(text: string): { code: boolean; text: string }[] {
  return text.split(/<\/?code>/).map((part, i) => ({ code: i % 2 === 1, text: part }));
}
