import { z } from 'zod';
import { isDateKey } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { optionalImageUrl, requiredText, text } from '@/lib/schema';
import { GROWTH_STAGES, type NewJournalEntry } from '../types';

/**
 * journalEntrySchema is "Add Journal Entry" (spec 01 §5, POST /api/journal-entries): a
 * plant, a title of at least 2 characters, a real date; content, growth stage and image
 * optional (the image a URL or empty). Its output is the body without the user id.
 */
export const journalEntrySchema = z
  .object({
    /** The select's text ('' before a plant is picked). */
    plantId: z.string().refine((id) => /^\d+$/.test(id) && Number(id) >= 1, 'shared.form.selectPlant' satisfies MessageKey),
    title: requiredText('shared.form.titleMin2' satisfies MessageKey, 2),
    content: text(),
    imageUrl: optionalImageUrl('shared.form.validUrl' satisfies MessageKey),
    growthStage: z.string().refine((stage) => stage === '' || (GROWTH_STAGES as readonly string[]).includes(stage), 'shared.form.selectGrowthStage' satisfies MessageKey),
    entryDate: z.string().refine(isDateKey, 'shared.form.validDate' satisfies MessageKey),
  })
  .transform((entry): Omit<NewJournalEntry, 'userId'> => ({ ...entry, plantId: Number(entry.plantId) }));

/** What the journal entry form's fields hold. */
export type JournalFormValues = z.input<typeof journalEntrySchema>;
