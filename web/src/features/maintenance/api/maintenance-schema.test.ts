import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { functionSchema, maintenanceMessageSchema } from './maintenance-schema';

describe('maintenance schemas (spec 02 §4, §5)', () => {
  it('needs a maintenance message', () => {
    expect(messagesOf(maintenanceMessageSchema, { message: '   ' })).toEqual({ message: 'A message is required to turn maintenance on' });
    expect(maintenanceMessageSchema.parse({ message: ' Back at 14:00 ' })).toEqual({ message: 'Back at 14:00' });
  });

  it('needs a function name and display name, one message for both', () => {
    const message = { root: 'Name and display name are required' };
    expect(messagesOf(functionSchema, { name: 'seed_swap', displayName: ' ', description: '' })).toEqual(message);
    expect(messagesOf(functionSchema, { name: '', displayName: 'Seed Swap', description: '' })).toEqual(message);
    expect(functionSchema.parse({ name: ' seed_swap ', displayName: 'Seed Swap', description: '' })).toEqual({
      name: 'seed_swap',
      displayName: 'Seed Swap',
      description: '',
    });
  });
});
