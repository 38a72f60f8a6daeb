import { describe, expect, it } from 'vitest';
import { isBypassed } from './bypass';

describe('isBypassed', () => {
  it('counts only a superadmin’s own Continue Anyway', () => {
    expect(isBypassed({ id: 1, role: 'superadmin' }, '1')).toBe(true);
    expect(isBypassed({ id: 2, role: 'superadmin' }, '1')).toBe(false);
    expect(isBypassed({ id: 1, role: 'user' }, '1')).toBe(false);
    expect(isBypassed({ id: 1, role: 'superadmin' }, null)).toBe(false);
    expect(isBypassed(null, '1')).toBe(false);
  });
});
