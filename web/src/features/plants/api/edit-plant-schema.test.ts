import { describe, expect, it } from 'vitest';
import { makePlant } from '@/testing/fixtures';
import { editPlantDefaults, editPlantSchema, localDateKey, toPlantPatch } from './edit-plant-schema';

describe('editPlantSchema', () => {
  const plant = makePlant({
    id: 3,
    name: 'Basil',
    plantType: 'Herbs',
    waterFrequency: 3,
    fertilizerFrequency: null,
    lastWatered: '2026-11-20T09:30:00Z',
    lastFertilized: null,
    acquiredDate: '2026-10-01T12:00:00Z',
    growthProgress: 30,
  });
  const valid = editPlantDefaults(plant);

  it('fills the form from the plant', () => {
    expect(valid).toMatchObject({ name: 'Basil', waterFrequency: 3, fertilizerFrequency: undefined, growthProgress: 30, lastFertilized: '' });
    expect(valid.lastWatered).toBe(localDateKey('2026-11-20T09:30:00Z'));
  });

  it.each([
    ['name', 'B', 'Plant name must be at least 2 characters'],
    ['plantType', 'Trees', 'Please select a plant type'],
    ['imageUrl', 'javascript:alert(1)', 'Please enter a valid URL'],
    ['waterFrequency', 0, 'Water frequency must be at least 1 day'],
    ['fertilizerFrequency', 366, 'Fertilizer frequency cannot exceed 365 days'],
    ['growthProgress', 101, 'Growth progress must be between 0 and 100'],
    ['lastWatered', 'soon', 'Please enter a valid date'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    const result = editPlantSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('sends every field, a changed date as local midday, an unchanged date not at all, a cleared one as null', () => {
    const values = editPlantSchema.parse({ ...valid, location: 'Greenhouse', growthProgress: 65, lastWatered: '2026-11-22', waterFrequency: undefined });
    const patch = toPlantPatch(values, plant);
    expect(patch).toMatchObject({ name: 'Basil', location: 'Greenhouse', growthProgress: 65, waterFrequency: null, plantType: 'Herbs' });
    expect(localDateKey(patch.lastWatered)).toBe('2026-11-22');
    expect('acquiredDate' in patch).toBe(false);
    expect('lastFertilized' in patch).toBe(false);
    const cleared = toPlantPatch(editPlantSchema.parse({ ...valid, lastWatered: '' }), plant);
    expect(cleared.lastWatered).toBeNull();
  });
});
