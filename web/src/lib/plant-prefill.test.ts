import { describe, expect, it } from 'vitest';
import { makeDbItem } from '@/testing/fixtures';
import {
  frequencyFromText,
  lightNeedsFromText,
  notesFromItem,
  plantTypeFromText,
  prefillFromDatabase,
} from './plant-prefill';

describe('plantTypeFromText', () => {
  it.each([
    ['Vegetable', 'Vegetables'],
    ['vegetable seeds', 'Vegetables'],
    ['Fruit', 'Fruits'],
    ['Fruits & berries', 'Fruits'],
    ['Flower', 'Flowers'],
    ['Floral mix', 'Flowers'],
    ['Herb', 'Herbs'],
    ['culinary herbs', 'Herbs'],
    ['Succulent', 'Herbs'],
    ['', 'Herbs'],
  ])('%s → %s', (text, type) => {
    expect(plantTypeFromText(text)).toBe(type);
  });
});

describe('lightNeedsFromText', () => {
  it.each([
    ['Full sun', 'Full Sun'],
    ['Full sun to partial shade', 'Full Sun'],
    ['Partial shade', 'Medium Light'],
    ['partial-shade', 'Medium Light'],
    ['Shade', 'Low Light'],
    ['deep shade', 'Low Light'],
    ['Bright indirect light', 'Bright Indirect'],
    ['Bright light', 'Bright Light'],
    ['Bright', 'Bright Light'],
    ['somewhere', ''],
    ['', ''],
  ])('%s → %s', (text, light) => {
    expect(lightNeedsFromText(text)).toBe(light);
  });
});

describe('frequencyFromText', () => {
  it.each([
    ['Water every 3 days', 3],
    ['every 10 days in summer', 10],
    ['every 1 day', 1],
    ['every 2 weeks', 14],
    ['Feed every 4 weeks', 28],
    ['every three days', 3],
    ['Daily', 1],
    ['water daily in hot weather', 1],
    ['Twice a week', 3],
    ['twice per week', 3],
    ['Weekly', 7],
    ['once a week', 7],
    ['Bi-weekly', 14],
    ['biweekly', 14],
    ['Monthly', 30],
    ['once a month', 30],
  ])('%s → %i', (text, days) => {
    expect(frequencyFromText(text)).toBe(days);
  });

  it('answers null when nothing matches', () => {
    expect(frequencyFromText('Moderate')).toBeNull();
    expect(frequencyFromText('')).toBeNull();
    expect(frequencyFromText(null)).toBeNull();
  });

  it('prefers "every N days" over the words around it', () => {
    expect(frequencyFromText('weekly, or every 5 days when hot')).toBe(5);
  });
});

describe('notesFromItem', () => {
  it('uses care instructions given as text, without markup', () => {
    expect(notesFromItem({ careInstructions: '<p>Keep the <b>soil</b> moist.</p>', description: 'ignored' })).toBe(
      'Keep the soil moist.',
    );
  });

  it('writes one line per field of care instructions given as an object or a JSON string', () => {
    const care = { watering: 'Every 3 days', light: 'Full sun', soil: 'Rich, well-drained', difficulty: 'Easy' };
    const expected = 'Watering: Every 3 days\nLight: Full sun\nSoil: Rich, well-drained\nDifficulty: Easy';
    expect(notesFromItem({ careInstructions: care, description: '' })).toBe(expected);
    expect(notesFromItem({ careInstructions: JSON.stringify(care), description: '' })).toBe(expected);
  });

  it('falls back to the description when there are no care instructions', () => {
    expect(notesFromItem({ careInstructions: null, description: '<p>A fragrant herb.</p>' })).toBe('A fragrant herb.');
    expect(notesFromItem({ careInstructions: '  ', description: 'Plain text.' })).toBe('Plain text.');
    expect(notesFromItem({ careInstructions: {}, description: 'From the description.' })).toBe('From the description.');
  });
});

describe('prefillFromDatabase', () => {
  it('fills the form from an item', () => {
    const item = makeDbItem({
      commonName: 'Cherry Tomato',
      scientificName: 'Solanum lycopersicum',
      plantType: 'Vegetable',
      lightRequirements: 'Full sun',
      waterRequirements: 'Water every 2 days',
      fertilizorRequirements: 'Feed every 2 weeks',
      careInstructions: null,
      description: '<p>Sweet <em>small</em> fruit.</p>',
      imageUrl: 'https://shop.example/tomato.jpg',
    });
    expect(prefillFromDatabase(item)).toEqual({
      name: 'Cherry Tomato',
      species: 'Solanum lycopersicum',
      plantType: 'Vegetables',
      lightNeeds: 'Full Sun',
      waterFrequency: 2,
      fertilizerFrequency: 14,
      notes: 'Sweet small fruit.',
      imageUrl: 'https://shop.example/tomato.jpg',
    });
  });

  it('reads the fertilizer text under either spelling, and keeps the defaults when texts name no interval', () => {
    const item = makeDbItem({ waterRequirements: 'Moderate', fertilizerRequirements: 'Monthly', fertilizorRequirements: '' });
    const prefill = prefillFromDatabase(item);
    expect(prefill.waterFrequency).toBe(7);
    expect(prefill.fertilizerFrequency).toBe(30);
    expect(prefillFromDatabase(makeDbItem({ fertilizerRequirements: 'bi-weekly' })).fertilizerFrequency).toBe(14);
    expect(prefillFromDatabase(makeDbItem({})).fertilizerFrequency).toBe(30);
  });

  it('falls back to the care instructions object for water and light', () => {
    const item = makeDbItem({ careInstructions: { watering: 'Twice a week', light: 'Partial shade' } });
    const prefill = prefillFromDatabase(item);
    expect(prefill.waterFrequency).toBe(3);
    expect(prefill.lightNeeds).toBe('Medium Light');
  });

  it('does not take relative image paths', () => {
    expect(prefillFromDatabase(makeDbItem({ imageUrl: '/images/x.jpg' })).imageUrl).toBe('');
  });
});
