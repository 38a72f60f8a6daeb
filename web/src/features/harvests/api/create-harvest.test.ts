import { describe, expect, it } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { harvestSchema } from './create-harvest';

const TODAY = '2026-07-10';
const valid = { plantId: '3', harvestDate: '2026-07-09', quantity: 1.5, unit: 'kg', bedId: '', notes: '  sweet  ', imageUrl: '' } as const;

function messages(input: Record<string, unknown>): Record<string, string> {
  const result = harvestSchema(TODAY).safeParse({ ...valid, ...input });
  if (result.success) return {};
  const out: Record<string, string> = {};
  // The form shows a field's first message (a catalogue key, in English here).
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= translateMessage(issue.message);
  return out;
}

describe('harvestSchema', () => {
  it('turns the form into the POST body: plant id as a number, trimmed notes, no quantity as null', () => {
    expect(harvestSchema(TODAY).parse(valid)).toEqual({
      plantId: 3,
      harvestDate: '2026-07-09',
      quantity: 1.5,
      unit: 'kg',
      bedId: null,
      notes: 'sweet',
      imageUrl: '',
    });
    // The bed select's value becomes its id; none is null (which also clears it on a PATCH).
    expect(harvestSchema(TODAY).parse({ ...valid, bedId: '12' })).toMatchObject({ bedId: 12 });
    expect(harvestSchema(TODAY).parse({ ...valid, quantity: undefined, unit: '' })).toMatchObject({ quantity: null, unit: '' });
    // A unit without a quantity is kept (the record shows Not specified).
    expect(harvestSchema(TODAY).parse({ ...valid, quantity: undefined, unit: 'bunches' })).toMatchObject({ quantity: null, unit: 'bunches' });
  });

  it('gives the same messages as the server', () => {
    expect(messages({ plantId: '' })).toEqual({ plantId: 'Please select a plant' });
    expect(messages({ harvestDate: '' })).toEqual({ harvestDate: 'Harvest date is required' });
    expect(messages({ harvestDate: '2026-02-30' })).toEqual({ harvestDate: 'Please enter a valid date' });
    expect(messages({ harvestDate: '2026-07-12' })).toEqual({ harvestDate: 'Harvest date cannot be in the future' });
    expect(messages({ quantity: -1 })).toEqual({ quantity: 'Quantity must be 0 or greater' });
    expect(messages({ quantity: 2e9 })).toEqual({ quantity: 'Quantity is too large' });
    expect(messages({ quantity: Number.NaN })).toEqual({ quantity: 'Quantity must be a number' });
    expect(messages({ unit: '' })).toEqual({ unit: 'Please select a unit' });
    expect(messages({ notes: 'x'.repeat(5001) })).toEqual({ notes: 'Notes cannot exceed 5000 characters' });
  });

  it('accepts tomorrow (a gardener ahead of the server’s time zone) and zero', () => {
    expect(messages({ harvestDate: '2026-07-11', quantity: 0 })).toEqual({});
  });
});
