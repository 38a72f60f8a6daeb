import { z } from 'zod';
import { CARE_INSTRUCTION_PARTS, PLANT_TYPES, type CareInstructionPart, type PlantDatabaseInput, type Sowing, type SowingWindow } from '@/api/types';
import { t, type MessageKey } from '@/lib/i18n/i18n';
import { optionalImageUrl, requiredText, text } from '@/lib/schema';
import { isHttpUrl } from '@/lib/urls';

export const COMMON_NAME_MESSAGE: MessageKey = 'plantdb.form.commonNameMin';
const URL_MESSAGE: MessageKey = 'plantdb.form.invalidUrl';

export type CareMode = 'text' | 'parts';

/** The alternative image URLs, one per non-empty line. */
export function alternativeUrls(lines: string): string[] {
  return lines
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The server's messages for a window or days to harvest out of bounds (core/domain). */
export const WINDOW_WEEKS_MESSAGE: MessageKey = 'plantdb.form.weeksRange';
export const WINDOW_MONTHS_MESSAGE: MessageKey = 'plantdb.form.monthsRange';
export const HARVEST_DAYS_MESSAGE: MessageKey = 'plantdb.form.harvestRange';

const int = (v: string) => (/^-?\d+$/.test(v.trim()) ? Number(v.trim()) : NaN);

/** One sowing window as typed: a unit ('' for none) and its two ends. */
const windowFields = z
  .object({ unit: z.enum(['', 'weeks', 'months']), from: z.string(), to: z.string() })
  .superRefine((w, ctx) => {
    const from = int(w.from);
    const to = int(w.to);
    if (w.unit === 'weeks' && !(from >= -26 && to <= 26 && from <= to)) ctx.addIssue({ code: 'custom', message: WINDOW_WEEKS_MESSAGE });
    if (w.unit === 'months' && !(from >= 1 && from <= 12 && to >= 1 && to <= 12)) ctx.addIssue({ code: 'custom', message: WINDOW_MONTHS_MESSAGE });
  });

export type WindowFields = z.input<typeof windowFields>;

const sowingFields = z
  .object({ sowIndoors: windowFields, directSow: windowFields, transplant: windowFields, harvestDaysMin: z.string(), harvestDaysMax: z.string() })
  .superRefine((s, ctx) => {
    const min = s.harvestDaysMin.trim() === '' ? 0 : int(s.harvestDaysMin);
    const max = s.harvestDaysMax.trim() === '' ? min : int(s.harvestDaysMax);
    if (!(min >= 0 && max <= 730 && (min || max) <= max)) ctx.addIssue({ code: 'custom', path: ['harvestDays'], message: HARVEST_DAYS_MESSAGE });
  });

const toWindow = (w: WindowFields): SowingWindow | null => (w.unit === '' ? null : { unit: w.unit, from: int(w.from), to: int(w.to) });

/** toSowing: the form's sowing fields as the API's sowing (empty days are 0, unknown). */
export function toSowing(s: z.input<typeof sowingFields>): Sowing {
  const min = s.harvestDaysMin.trim() === '' ? 0 : int(s.harvestDaysMin);
  const max = s.harvestDaysMax.trim() === '' ? min : int(s.harvestDaysMax);
  return { sowIndoors: toWindow(s.sowIndoors), directSow: toWindow(s.directSow), transplant: toWindow(s.transplant), harvestDaysMin: min || max, harvestDaysMax: max };
}

const careParts = z.object(
  Object.fromEntries(CARE_INSTRUCTION_PARTS.map((part) => [part, z.string()])) as Record<CareInstructionPart, z.ZodString>,
);

/**
 * plantItemSchema is the admin's plant database item form (POST /api/plant-database, PATCH
 * /api/plant-database/{id}): common name at least 2 characters, a plant type, image URL an
 * http(s) URL or an uploaded image, alternative images (one per line) and store URL http(s)
 * URLs, and a slug without spaces. The server checks the same and answers 400 with these
 * fields. Its output is the body: trimmed, URLs per line, care as text or only the filled
 * parts ('' when none); an empty slug is made by the server.
 */
export const plantItemSchema = z
  .object({
    commonName: requiredText(COMMON_NAME_MESSAGE, 2),
    scientificName: text(),
    plantType: z.enum(PLANT_TYPES, { error: 'plantdb.form.plantTypeRequired' satisfies MessageKey }),
    slug: text().refine((slug) => !/\s/.test(slug), 'plantdb.form.slugSpaces' satisfies MessageKey),
    /** false while the slug still follows the common name. */
    slugEdited: z.boolean(),
    description: text(),
    imageUrl: optionalImageUrl(URL_MESSAGE),
    /** One URL per line. */
    alternativeImageUrls: z.string().superRefine((lines, ctx) => {
      const bad = alternativeUrls(lines).findIndex((url) => !isHttpUrl(url));
      // The line's number is in the message: the text is made in the shown language now.
      if (bad >= 0) ctx.addIssue({ code: 'custom', message: t('plantdb.form.invalidUrlLine', { line: bad + 1 }) });
    }),
    lightRequirements: text(),
    waterRequirements: text(),
    fertilizerRequirements: text(),
    careMode: z.enum(['text', 'parts']),
    careText: text(),
    careParts,
    storeUrl: text().refine((url) => url === '' || isHttpUrl(url), URL_MESSAGE),
    sowing: sowingFields,
  })
  .transform(
    (values): PlantDatabaseInput => ({
      commonName: values.commonName,
      scientificName: values.scientificName,
      plantType: values.plantType,
      description: values.description,
      imageUrl: values.imageUrl,
      alternativeImageUrls: alternativeUrls(values.alternativeImageUrls),
      lightRequirements: values.lightRequirements,
      waterRequirements: values.waterRequirements,
      fertilizerRequirements: values.fertilizerRequirements,
      careInstructions: careInstructionsInput(values),
      storeUrl: values.storeUrl,
      slug: values.slug,
      sowing: toSowing(values.sowing),
    }),
  );

/** The admin's add/edit form as typed. */
export type ItemFormValues = z.input<typeof plantItemSchema>;

/** The care instructions as sent: the text, or the non-empty parts ('' when there are none). */
export function careInstructionsInput(
  values: Pick<ItemFormValues, 'careMode' | 'careText' | 'careParts'>,
): PlantDatabaseInput['careInstructions'] {
  if (values.careMode === 'text') return values.careText.trim();
  const parts: Partial<Record<CareInstructionPart, string>> = {};
  for (const part of CARE_INSTRUCTION_PARTS) {
    const value = values.careParts[part].trim();
    if (value) parts[part] = value;
  }
  return Object.keys(parts).length > 0 ? parts : '';
}
