import { z } from 'zod';
import { apiJSON } from '@/api/client';
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

/** The new-question form (lengths as the server checks them; docs/api.md "Expert Q&A"). */
export const questionSchema = z.object({
  title: z.string().trim().min(5, 'Title must be at least 5 characters').max(150, 'Title cannot exceed 150 characters'),
  content: z.string().trim().min(20, 'Content must be at least 20 characters').max(5000, 'Content cannot exceed 5000 characters'),
  tags: z
    .string()
    .transform(splitTags)
    .pipe(
      z
        .array(z.string().max(30, 'Tags may use letters, digits, spaces and hyphens, at most 30 characters each').regex(/^[\p{L}\p{N} -]+$/u, 'Tags may use letters, digits, spaces and hyphens, at most 30 characters each'))
        .max(5, 'A question can have at most 5 tags'),
    ),
  imageUrl: z.string(),
});
export type QuestionInput = z.input<typeof questionSchema>;
export type NewQuestion = z.output<typeof questionSchema>;

/** The answer form. */
export const answerSchema = z.object({
  content: z.string().trim().min(1, 'Please enter an answer').max(5000, 'Answer cannot exceed 5000 characters'),
});

/** createQuestion: POST /api/expert-qa (the asker is the caller). */
export function createQuestion(q: NewQuestion) {
  return apiJSON<Question>('POST', '/api/expert-qa', q);
}
