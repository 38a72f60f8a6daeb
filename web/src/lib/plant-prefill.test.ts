import { describe, expect, it } from 'vitest';
import { makeDbItem } from '@/testing/fixtures';
import {
  frequencyFromText,
  lightNeedsFromText,
  notesFromItem,
  plantTypeFromText,
  prefillFromDatabase,
  quickAddPlant,
  quickAddWaterDays,
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
    ['Succulent', 'Succulents & Cacti'],
    ['Flowering cacti', 'Succulents & Cacti'],
    ['Houseplants', 'Houseplants'],
    ['Indoor plant', 'Houseplants'],
    ['Flowering shrub', 'Trees & Shrubs'],
    ['Trees & Shrubs', 'Trees & Shrubs'],
    ['Fruit trees', 'Fruits'],
    ['Street mix', 'Herbs'],
    ['Other', 'Other'],
    ['', 'Herbs'],
    ['vegetable and herb seeds', 'Vegetables'],
  ])('%s → %s', (text, type) => {
    expect(plantTypeFromText(text)).toBe(type);
  });

  it('looks at the name when the type names no keyword', () => {
    expect(plantTypeFromText('Seeds', 'Sunflower')).toBe('Flowers');
    expect(plantTypeFromText('Fruit', 'Herb garden')).toBe('Fruits');
    expect(plantTypeFromText('', '')).toBe('Herbs');
  });
});

describe('lightNeedsFromText', () => {
  it.each([
    ['Full sun', 'Full Sun'],
    ['Full sun to partial shade', 'Full Sun'],
    ['Partial shade', 'Medium Light'],
    ['part shade', 'Medium Light'],
    ['Partial sun', 'Medium Light'],
    ['Shade', 'Low Light'],
    ['Bright indirect, no shade', 'Bright Indirect'],
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
    ['every 10 day', 10],
    ['Daily', 1],
    ['water daily in hot weather', 1],
    ['Twice a week', 3],
    ['twice weekly', 3],
    ['Weekly', 7],
    ['once a week', 7],
    ['Bi-weekly', 14],
    ['biweekly', 14],
    ['once a fortnight', 14],
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

  it('prefers "every N days", then "every N weeks", over the other words', () => {
    expect(frequencyFromText('weekly, or every 5 days when hot')).toBe(5);
    expect(frequencyFromText('every 2 weeks, every 4 days in summer')).toBe(4);
  });
});

describe('quickAddWaterDays (watering text without an interval)', () => {
  it.each([
    ['Low', 14],
    [' low water ', 14],
    ['Moderate', 7],
    ['moderate', 7],
    ['High', 4],
    ['Keep moist', 4],
    ['', 4],
  ])('%j → %i', (text, days) => {
    expect(quickAddWaterDays(text)).toBe(days);
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

  it('reads the fertilizer text under either spelling; without an interval: water 14/7/4, fertilizer 30', () => {
    const item = makeDbItem({ waterRequirements: 'Moderate', fertilizerRequirements: 'Monthly', fertilizorRequirements: '' });
    const prefill = prefillFromDatabase(item);
    expect(prefill.waterFrequency).toBe(7);
    expect(prefill.fertilizerFrequency).toBe(30);
    expect(prefillFromDatabase(makeDbItem({ fertilizerRequirements: 'bi-weekly' })).fertilizerFrequency).toBe(14);
    expect(prefillFromDatabase(makeDbItem({ waterRequirements: 'Low' })).waterFrequency).toBe(14);
    expect(prefillFromDatabase(makeDbItem({})).waterFrequency).toBe(4);
    expect(prefillFromDatabase(makeDbItem({})).fertilizerFrequency).toBe(30);
  });

  it('takes absolute and uploaded image URLs only', () => {
    expect(prefillFromDatabase(makeDbItem({ imageUrl: '/images/x.jpg' })).imageUrl).toBe('');
    expect(prefillFromDatabase(makeDbItem({ imageUrl: '/api/images/ab12.jpg' })).imageUrl).toBe('/api/images/ab12.jpg');
  });
});

describe('quickAddPlant (Add to My Plants on the plant database pages)', () => {
  it.each([
    ['Low', 14],
    ['Moderate', 7],
    ['High', 4],
    ['Keep moist', 4],
    ['Water every 3 days', 4],
    ['', 4],
  ])('waters %j every %i days and fertilizes every 30', (waterRequirements, days) => {
    const body = quickAddPlant(makeDbItem({ id: 5, commonName: 'Basil', waterRequirements }));
    expect(body.waterFrequency).toBe(days);
    expect(body.fertilizerFrequency).toBe(30);
  });

  it('sends the name, species, type and the item id, leaving the rest to the server', () => {
    const item = makeDbItem({
      id: 42,
      commonName: ' Sunflower  ',
      scientificName: 'Helianthus annuus',
      plantType: 'Flowers',
      waterRequirements: 'Moderate',
      lightRequirements: 'Full sun',
      imageUrl: 'https://seeds.example/sunflower.jpg',
      careInstructions: 'Sow in May',
    });
    expect(quickAddPlant(item)).toEqual({
      name: 'Sunflower',
      species: 'Helianthus annuus',
      plantType: 'Flowers',
      imageUrl: '',
      lightNeeds: '',
      waterFrequency: 7,
      fertilizerFrequency: 30,
      notes: '',
      plantDatabaseId: 42,
    });
  });

  it('types an item without a plant type as Herbs unless its name says otherwise', () => {
    expect(quickAddPlant(makeDbItem({ commonName: 'Thyme', plantType: '' })).plantType).toBe('Herbs');
    expect(quickAddPlant(makeDbItem({ commonName: 'Cherry Fruit Mix', plantType: '' })).plantType).toBe('Fruits');
  });
});
