import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { loginSchema } from './login';

describe('loginSchema (spec 01 §5)', () => {
  it('needs a username of 3 and a password of 6', () => {
    expect(messagesOf(loginSchema, { username: ' ab ', password: 'five5' })).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(loginSchema.parse({ username: ' ann ', password: ' secret ' })).toEqual({ username: 'ann', password: ' secret ' });
  });
});
