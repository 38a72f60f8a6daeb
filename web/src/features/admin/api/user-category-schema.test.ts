import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { userCategorySchema } from './user-category-schema';

describe('userCategorySchema (spec 02 §5)', () => {
  it('needs a name of at least 2 characters and trims', () => {
    expect(messagesOf(userCategorySchema, { name: ' V ', description: '' })).toEqual({ name: 'Name must be at least 2 characters' });
    expect(userCategorySchema.parse({ name: ' Volunteers ', description: ' Weekend help ' })).toEqual({
      name: 'Volunteers',
      description: 'Weekend help',
    });
  });
});
