import type { z } from 'zod';
import { translateMessage } from '@/lib/i18n/i18n';

/**
 * messagesOf parses `values` with a form's schema and answers the message each field would
 * show (the first failing rule of the field, as the form displays it, a catalogue key in
 * English); {} when valid.
 */
export function messagesOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in messages)) messages[key] = translateMessage(issue.message);
  }
  return messages;
}
