import { describe, expect, it } from 'vitest';
import { emptyPlantForm, plantSchema, toNewPlant, type PlantFormValues } from './plant-schema';

/** The message of one field after parsing (undefined when the field is valid). */
function messageOf(values: PlantFormValues, field: keyof PlantFormValues): string | undefined {
  const result = plantSchema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('plantSchema', () => {
  it('accepts the defaults with a name: Herbs, water 7, fertilizer 30', () => {
    expect(emptyPlantForm).toMatchObject({ plantType: 'Herbs', waterFrequency: 7, fertilizerFrequency: 30 });
    expect(plantSchema.safeParse({ ...emptyPlantForm, name: 'Basil' }).success).toBe(true);
  });

  it('gives every message of spec 01 §5 and the API', () => {
    const basil = { ...emptyPlantForm, name: 'Basil' };
    expect(messageOf({ ...emptyPlantForm, name: ' B ' }, 'name')).toBe('Plant name must be at least 2 characters');
    expect(messageOf({ ...basil, plantType: '' as never }, 'plantType')).toBe('Please select a plant type');
    expect(messageOf({ ...basil, plantType: 'Trees' as never }, 'plantType')).toBe('Please select a plant type');
    expect(messageOf({ ...basil, imageUrl: 'not a url' }, 'imageUrl')).toBe('Please enter a valid URL');
    expect(messageOf({ ...basil, imageUrl: 'ftp://x/y.png' }, 'imageUrl')).toBe('Please enter a valid URL');
    expect(messageOf({ ...basil, waterFrequency: 0 }, 'waterFrequency')).toBe('Water frequency must be at least 1 day');
    expect(messageOf({ ...basil, waterFrequency: Number.NaN }, 'waterFrequency')).toBe('Water frequency must be at least 1 day');
    expect(messageOf({ ...basil, waterFrequency: 366 }, 'waterFrequency')).toBe('Water frequency cannot exceed 365 days');
    expect(messageOf({ ...basil, fertilizerFrequency: -2 }, 'fertilizerFrequency')).toBe(
      'Fertilizer frequency must be at least 1 day',
    );
    expect(messageOf({ ...basil, fertilizerFrequency: 400 }, 'fertilizerFrequency')).toBe(
      'Fertilizer frequency cannot exceed 365 days',
    );
    expect(messageOf({ ...basil, waterFrequency: 2.5 }, 'waterFrequency')).toBe('Water frequency must be a whole number of days');
  });

  it('takes uploaded paths and absolute URLs as images; frequencies are optional', () => {
    const values = { ...emptyPlantForm, name: 'Basil', waterFrequency: undefined, fertilizerFrequency: undefined };
    expect(plantSchema.safeParse({ ...values, imageUrl: '/api/images/3f9c.jpg' }).success).toBe(true);
    expect(plantSchema.safeParse({ ...values, imageUrl: 'https://example.com/basil.jpg' }).success).toBe(true);
  });
});

describe('toNewPlant', () => {
  it('trims text, turns frequencies into numbers (null when empty) and adds the database item', () => {
    const parsed = plantSchema.parse({
      ...emptyPlantForm,
      name: '  Basil ',
      species: ' Ocimum ',
      location: '',
      waterFrequency: undefined,
      fertilizerFrequency: 14,
      notes: ' ',
    });
    expect(toNewPlant(parsed, 5)).toEqual({
      name: 'Basil',
      species: 'Ocimum',
      plantType: 'Herbs',
      imageUrl: '',
      lightNeeds: '',
      waterFrequency: null,
      fertilizerFrequency: 14,
      notes: '',
      plantDatabaseId: 5,
    });
  });
});
