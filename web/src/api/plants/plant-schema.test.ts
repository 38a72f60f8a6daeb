import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translateMessage } from '@/lib/i18n/i18n';
import { makePlant } from '@/testing/fixtures';
import {
  careDatesBody,
  careDatesSchema,
  editPlantDefaults,
  editPlantSchema,
  emptyPlantForm,
  localDateKey,
  plantSchema,
  toNewPlant,
  toPlantPatch,
  type PlantFormValues,
} from './plant-schema';

/** The message of one field after parsing (undefined when the field is valid). */
function messageOf(values: PlantFormValues, field: string, schema: typeof plantSchema | typeof editPlantSchema = plantSchema) {
  const result = schema.safeParse(values);
  const message = result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
  return message === undefined ? undefined : translateMessage(message);
}

// A fixed local "today" for the date rules: 2026-11-24, mid-morning.
const NOW = new Date(2026, 10, 24, 9, 30);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('plantSchema (Add Plant)', () => {
  it('accepts the defaults with a name: Herbs, water 7, fertilizer 30, watered and fertilized today', () => {
    const empty = emptyPlantForm();
    expect(empty).toMatchObject({
      plantType: 'Herbs',
      waterFrequency: 7,
      fertilizerFrequency: 30,
      lastWatered: '2026-11-24',
      lastFertilized: '2026-11-24',
    });
    expect(plantSchema.safeParse({ ...empty, name: 'Basil' }).success).toBe(true);
  });

  it('gives every message of spec 01 §5 and the API', () => {
    const basil = { ...emptyPlantForm(), name: 'Basil' };
    expect(messageOf({ ...basil, name: ' B ' }, 'name')).toBe('Plant name must be at least 2 characters');
    expect(messageOf({ ...basil, name: 'x'.repeat(101) }, 'name')).toBe('Plant name must be at most 100 characters');
    expect(messageOf({ ...basil, plantType: '' as never }, 'plantType')).toBe('Please select a plant type');
    expect(messageOf({ ...basil, plantType: 'Trees' as never }, 'plantType')).toBe('Please select a plant type');
    expect(messageOf({ ...basil, imageUrl: 'not a url' }, 'imageUrl')).toBe('Please enter a valid URL');
    expect(messageOf({ ...basil, imageUrl: 'ftp://x/y.png' }, 'imageUrl')).toBe('Please enter a valid URL');
    expect(messageOf({ ...basil, waterFrequency: 0 }, 'waterFrequency')).toBe('Water frequency must be at least 1 day');
    expect(messageOf({ ...basil, waterFrequency: Number.NaN }, 'waterFrequency')).toBe('Water frequency must be at least 1 day');
    expect(messageOf({ ...basil, waterFrequency: 366 }, 'waterFrequency')).toBe('Water frequency cannot exceed 365 days');
    expect(messageOf({ ...basil, fertilizerFrequency: -2 }, 'fertilizerFrequency')).toBe('Fertilizer frequency must be at least 1 day');
    expect(messageOf({ ...basil, fertilizerFrequency: 400 }, 'fertilizerFrequency')).toBe('Fertilizer frequency cannot exceed 365 days');
    expect(messageOf({ ...basil, waterFrequency: 2.5 }, 'waterFrequency')).toBe('Water frequency must be a whole number of days');
    expect(messageOf({ ...basil, location: 'x'.repeat(201) }, 'location')).toBe('Text is too long');
    expect(messageOf({ ...basil, species: 'x'.repeat(201) }, 'species')).toBe('Text is too long');
  });

  it('asks when it was last watered and fertilized: a real day, not in the future', () => {
    const basil = { ...emptyPlantForm(), name: 'Basil' };
    expect(messageOf({ ...basil, lastWatered: '' }, 'lastWatered')).toBe('Please enter when it was last watered');
    expect(messageOf({ ...basil, lastFertilized: '' }, 'lastFertilized')).toBe('Please enter when it was last fertilized');
    expect(messageOf({ ...basil, lastWatered: '2026-02-30' }, 'lastWatered')).toBe('Please enter a valid date');
    expect(messageOf({ ...basil, lastWatered: '2026-11-25' }, 'lastWatered')).toBe('Last watered date cannot be in the future');
    expect(messageOf({ ...basil, lastFertilized: '2027-01-01' }, 'lastFertilized')).toBe('Last fertilized date cannot be in the future');
    expect(messageOf({ ...basil, lastWatered: '2026-11-20', lastFertilized: '2025-06-01' }, 'lastWatered')).toBeUndefined();
  });

  it('takes uploaded paths and absolute URLs as images; frequencies are optional', () => {
    const values = { ...emptyPlantForm(), name: 'Basil', waterFrequency: undefined, fertilizerFrequency: undefined };
    expect(plantSchema.safeParse({ ...values, imageUrl: '/api/images/3f9c.jpg' }).success).toBe(true);
    expect(plantSchema.safeParse({ ...values, imageUrl: 'https://example.com/basil.jpg' }).success).toBe(true);
  });
});

describe('toNewPlant', () => {
  it('trims text, turns frequencies into numbers (null when empty), sends the care dates and the database item', () => {
    const parsed = plantSchema.parse({
      ...emptyPlantForm(),
      name: '  Basil ',
      species: ' Ocimum ',
      location: '',
      waterFrequency: undefined,
      fertilizerFrequency: 14,
      notes: ' ',
      lastWatered: '2026-11-20',
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
      // a past day at local midday; today as this very moment
      lastWatered: new Date(2026, 10, 20, 12).toISOString(),
      lastFertilized: NOW.toISOString(),
    });
  });

  it('careDatesBody keeps the calendar day through UTC', () => {
    const body = careDatesBody({ lastWatered: '2026-11-20', lastFertilized: '2026-10-01' });
    expect(localDateKey(body.lastWatered)).toBe('2026-11-20');
    expect(localDateKey(body.lastFertilized)).toBe('2026-10-01');
  });

  it('careDatesSchema is the same rule on its own (the one-click add)', () => {
    expect(careDatesSchema.safeParse({ lastWatered: '2026-11-24', lastFertilized: '2026-11-01' }).success).toBe(true);
    const result = careDatesSchema.safeParse({ lastWatered: '2026-11-25', lastFertilized: '' });
    expect(result.error?.issues.map((i) => [i.path[0], translateMessage(i.message)])).toEqual([
      ['lastWatered', 'Last watered date cannot be in the future'],
      ['lastFertilized', 'Please enter when it was last fertilized'],
    ]);
  });
});

describe('editPlantSchema (Edit Plant)', () => {
  const plant = makePlant({
    id: 3,
    name: 'Basil',
    plantType: 'Herbs',
    waterFrequency: 3,
    fertilizerFrequency: null,
    lastWatered: '2026-11-20T09:30:00Z',
    lastFertilized: '2026-11-01T09:30:00Z',
    acquiredDate: '2026-10-01T12:00:00Z',
    growthProgress: 30,
  });
  const valid = () => editPlantDefaults(plant);

  it('fills the form from the plant', () => {
    expect(valid()).toMatchObject({ name: 'Basil', waterFrequency: 3, fertilizerFrequency: undefined, growthProgress: 30 });
    expect(valid().lastWatered).toBe(localDateKey('2026-11-20T09:30:00Z'));
  });

  it('validates by the add form’s rules and messages, plus growth and the acquired date', () => {
    const cases: [string, unknown, string][] = [
      ['name', 'B', 'Plant name must be at least 2 characters'],
      ['plantType', 'Trees', 'Please select a plant type'],
      ['imageUrl', 'javascript:alert(1)', 'Please enter a valid URL'],
      ['waterFrequency', 0, 'Water frequency must be at least 1 day'],
      ['fertilizerFrequency', 366, 'Fertilizer frequency cannot exceed 365 days'],
      ['lastWatered', 'soon', 'Please enter a valid date'],
      ['lastWatered', '2026-11-25', 'Last watered date cannot be in the future'],
      ['lastFertilized', '', 'Please enter when it was last fertilized'],
      ['growthProgress', 101, 'Growth progress must be between 0 and 100'],
      ['acquiredDate', '', 'Please enter a valid date'],
    ];
    for (const [field, value, message] of cases) {
      const values = { ...valid(), [field]: value } as PlantFormValues;
      expect(messageOf(values, field, editPlantSchema), `${field} = ${JSON.stringify(value)}`).toBe(message);
      if (field in plantSchema.shape) {
        expect(messageOf({ ...emptyPlantForm(), name: 'Basil', [field]: value } as PlantFormValues, field), `add: ${field}`).toBe(message);
      }
    }
  });

  it('a plant without a last watering asks for one', () => {
    const legacy = editPlantDefaults(makePlant({ ...plant, lastWatered: null }));
    expect(legacy.lastWatered).toBe('');
    expect(messageOf(legacy as PlantFormValues, 'lastWatered', editPlantSchema)).toBe('Please enter when it was last watered');
  });

  it('sends every field, a changed date as local midday, an unchanged date not at all', () => {
    const values = editPlantSchema.parse({ ...valid(), location: 'Greenhouse', growthProgress: 65, lastWatered: '2026-11-22', waterFrequency: undefined });
    const patch = toPlantPatch(values, plant);
    expect(patch).toMatchObject({ name: 'Basil', location: 'Greenhouse', growthProgress: 65, waterFrequency: null, plantType: 'Herbs' });
    expect(localDateKey(patch.lastWatered)).toBe('2026-11-22');
    expect('acquiredDate' in patch).toBe(false);
    expect('lastFertilized' in patch).toBe(false);
  });
});
