import { describe, expect, it } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { questionSchema, splitTags } from './create-question';

const valid = { title: 'Why yellow leaves?', content: 'The lower leaves turn yellow within a week.', tags: 'basil', imageUrl: '' };
const message = (input: object) => {
  const r = questionSchema.safeParse({ ...valid, ...input });
  return r.success ? undefined : translateMessage(r.error.issues[0]!.message);
};

describe('questionSchema', () => {
  it('carries the messages', () => {
    expect(message({ title: 'Why?' })).toBe('Title must be at least 5 characters');
    expect(message({ title: 'w'.repeat(151) })).toBe('Title cannot exceed 150 characters');
    expect(message({ content: 'too short' })).toBe('Content must be at least 20 characters');
    expect(message({ tags: 'a, b, c, d, e, f' })).toBe('A question can have at most 5 tags');
    expect(message({ tags: '<script>' })).toBe('Tags may use letters, digits, spaces and hyphens, at most 30 characters each');
    expect(message({})).toBeUndefined();
  });

  it('reads tags from a comma list', () => {
    expect(splitTags(' Basil, yellow   leaves,basil,, ')).toEqual(['basil', 'yellow leaves']);
    expect(questionSchema.parse(valid).tags).toEqual(['basil']);
  });
});
