import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { stripMarkup } from '@/lib/text';
import type { Question } from './types';

/** splitTags reads the tags field ("basil, yellow leaves") into lowercase tags without repeats. */
export function splitTags(text: string): string[] {
  return Array.from(
    new Set(
      text
        .split(',')
        .map((t) => t.trim().toLowerCase().replace(/\s+/g, ' '))
        .filter(Boolean),
    ),
  );
}

/** Visible characters of written HTML, as the server counts them. */
function textLength(html: string): number {
  return Array.from(stripMarkup(html)).length;
}

const tagsField = z
  .string()
  .transform(splitTags)
  .pipe(
    z
      .array(z.string().max(30, 'qa.form.tagRule').regex(/^[\p{L}\p{N} -]+$/u, 'qa.form.tagRule'))
      .max(5, 'qa.form.tagsMax5'),
  );

/** The new-question form (lengths as the server checks them; docs/api.md "Expert Q&A"); messages are catalogue keys. */
export const questionSchema = z.object({
  title: z.string().trim().min(5, 'qa.form.titleMin5').max(150, 'qa.form.titleMax150'),
  content: z.string().trim().min(20, 'qa.form.contentMin20').max(5000, 'qa.form.contentMax5000'),
  tags: tagsField,
  imageUrl: z.string(),
});
export type QuestionInput = z.input<typeof questionSchema>;
export type NewQuestion = z.output<typeof questionSchema>;

/**
 * The edit-question form: the asker's title, details (rich text, measured by their visible
 * text as the server does) and tags; PATCH /api/expert-qa/{id}.
 */
export const questionEditSchema = z.object({
  title: z.string().trim().min(5, 'qa.form.titleMin5').max(150, 'qa.form.titleMax150'),
  content: z
    .string()
    .refine((html) => textLength(html) >= 20, 'qa.form.contentMin20')
    .refine((html) => textLength(html) <= 5000, 'qa.form.contentMax5000'),
  tags: tagsField,
});
export type QuestionEditInput = z.input<typeof questionEditSchema>;
export type QuestionChange = z.output<typeof questionEditSchema>;

/** editQuestion: PATCH /api/expert-qa/{id} — the asker, before any answer (409 after). */
export function editQuestion(id: number, change: QuestionChange) {
  return apiJSON<Question>('PATCH', `/api/expert-qa/${id}`, change);
}

/** The answer form: rich text, measured by its visible text as the server does. */
export const answerSchema = z.object({
  content: z
    .string()
    .refine((html) => textLength(html) > 0, 'qa.form.answerRequired')
    .refine((html) => textLength(html) <= 5000, 'qa.form.answerMax5000'),
});

/** createQuestion: POST /api/expert-qa (the asker is the caller). */
export function createQuestion(q: NewQuestion) {
  return apiJSON<Question>('POST', '/api/expert-qa', q);
}
