import { describe, expect, it } from 'vitest';
import { makeHarvest } from '../testing/mock-harvests';
import { formatQuantity, harvestName, shareSurplusUrl } from './format';

const base = makeHarvest({ id: 1, plantId: 4, plantName: 'Courgette', harvestDate: '2026-08-01', quantity: 6, unit: 'items', notes: 'Too many!', imageUrl: '' });

describe('record formatting', () => {
  it('shows quantity with unit, units without one, Not specified without quantity', () => {
    expect(formatQuantity({ quantity: 2.5, unit: 'kg' })).toBe('2.5 kg');
    expect(formatQuantity({ quantity: 1250, unit: 'g' })).toBe('1,250 g');
    expect(formatQuantity({ quantity: 0, unit: 'items' })).toBe('0 items');
    expect(formatQuantity({ quantity: 3, unit: '' })).toBe('3 units');
    expect(formatQuantity({ quantity: null, unit: 'kg' })).toBe('Not specified');
  });

  it('falls back to Unnamed Harvest', () => {
    expect(harvestName({ plantName: '' })).toBe('Unnamed Harvest');
    expect(harvestName({ plantName: null })).toBe('Unnamed Harvest');
    expect(harvestName({ plantName: 'Leek' })).toBe('Leek');
  });

  it('fills a Free listing from a record', () => {
    const url = new URL(shareSurplusUrl(base, 'Vegetables'), 'http://x');
    expect(url.pathname).toBe('/community/plant-sharing/new');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      listingType: 'Free',
      plantName: 'Courgette',
      plantType: 'Vegetables',
      quantity: '6',
      description: 'Surplus from my harvest of Courgette (6 items). Too many!',
    });
    // A weight is one lot; no plant type is left out.
    const weighed = new URL(shareSurplusUrl({ ...base, quantity: 2.5, unit: 'kg', notes: '' }), 'http://x');
    expect(weighed.searchParams.get('quantity')).toBe('1');
    expect(weighed.searchParams.has('plantType')).toBe(false);
    expect(weighed.searchParams.get('description')).toBe('Surplus from my harvest of Courgette (2.5 kg).');
  });
});
