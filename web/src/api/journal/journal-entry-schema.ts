import { z } from 'zod';
import { isDateKey } from '@/lib/dates';
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
    plantId: z.string().refine((id) => /^\d+$/.test(id) && Number(id) >= 1, 'Please select a plant'),
    title: requiredText('Title must be at least 2 characters', 2),
    content: text(),
    imageUrl: optionalImageUrl('Please enter a valid URL'),
    growthStage: z.string().refine((stage) => stage === '' || (GROWTH_STAGES as readonly string[]).includes(stage), 'Please select a growth stage'),
    entryDate: z.string().refine(isDateKey, 'Please enter a valid date'),
  })
  .transform((entry): Omit<NewJournalEntry, 'userId'> => ({ ...entry, plantId: Number(entry.plantId) }));

/** What the journal entry form's fields hold. */
export type JournalFormValues = z.input<typeof journalEntrySchema>;
