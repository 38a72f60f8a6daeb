import { describe, expect, it } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { replySchema, textLength, topicSchema } from './topics';

const messages = (schema: typeof topicSchema | typeof replySchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  // The form shows each field's first message.
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= translateMessage(issue.message);
  return out;
};

const body = `<p>${'a'.repeat(20)}</p>`;

describe('new topic and reply rules (spec 02 §5)', () => {
  it('counts visible characters, not markup', () => {
    expect(textLength('<p><b>Hi</b> there</p>')).toBe(8);
    expect(textLength('<p></p>')).toBe(0);
  });

  it('checks the title, content and category with the spec messages', () => {
    expect(messages(topicSchema, { categoryId: '', title: 'abcd', content: '<p><b>short</b></p>' })).toEqual({
      categoryId: 'Please select a category',
      title: 'Title must be at least 5 characters',
      content: 'Content must be at least 20 characters',
    });
    expect(messages(topicSchema, { categoryId: '3', title: 'x'.repeat(101), content: `<p>${'c'.repeat(5001)}</p>` })).toEqual({
      title: 'Title cannot exceed 100 characters',
      content: 'Content cannot exceed 5000 characters',
    });
  });

  it('sends the category as an integer and a trimmed title', () => {
    expect(topicSchema.parse({ categoryId: '3', title: '  Tomatoes  ', content: body })).toEqual({ categoryId: 3, title: 'Tomatoes', content: body });
  });

  it('refuses an empty reply', () => {
    expect(messages(replySchema, { content: '<p>   </p>' })).toEqual({ content: 'Please enter some content for your reply' });
    expect(messages(replySchema, { content: '<p>ok</p>' })).toEqual({});
  });
});
