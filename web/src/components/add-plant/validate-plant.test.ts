import { describe, expect, it } from 'vitest';
import { emptyPlantForm, toNewPlant, validatePlant } from './validate-plant';

describe('validatePlant', () => {
  it('accepts the defaults with a name: Herbs, water 7, fertilizer 30', () => {
    expect(emptyPlantForm).toMatchObject({ plantType: 'Herbs', waterFrequency: '7', fertilizerFrequency: '30' });
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil' })).toEqual({});
  });

  it('gives every message of spec 01 §5 and the API', () => {
    expect(validatePlant({ ...emptyPlantForm, name: ' B ' }).name).toBe('Plant name must be at least 2 characters');
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', plantType: '' }).plantType).toBe('Please select a plant type');
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', plantType: 'Trees' }).plantType).toBe('Please select a plant type');
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', imageUrl: 'not a url' }).imageUrl).toBe('Please enter a valid URL');
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', imageUrl: 'ftp://x/y.png' }).imageUrl).toBe('Please enter a valid URL');
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', waterFrequency: '0' }).waterFrequency).toBe(
      'Water frequency must be at least 1 day',
    );
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', waterFrequency: '366' }).waterFrequency).toBe(
      'Water frequency cannot exceed 365 days',
    );
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', fertilizerFrequency: '-2' }).fertilizerFrequency).toBe(
      'Fertilizer frequency must be at least 1 day',
    );
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', fertilizerFrequency: '400' }).fertilizerFrequency).toBe(
      'Fertilizer frequency cannot exceed 365 days',
    );
    expect(validatePlant({ ...emptyPlantForm, name: 'Basil', waterFrequency: '2.5' }).waterFrequency).toBe(
      'Water frequency must be a whole number of days',
    );
  });

  it('takes uploaded paths and absolute URLs as images; frequencies are optional', () => {
    const values = { ...emptyPlantForm, name: 'Basil', waterFrequency: '', fertilizerFrequency: ' ' };
    expect(validatePlant({ ...values, imageUrl: '/api/images/3f9c.jpg' })).toEqual({});
    expect(validatePlant({ ...values, imageUrl: 'https://example.com/basil.jpg' })).toEqual({});
  });
});

describe('toNewPlant', () => {
  it('trims text, turns frequencies into numbers (null when empty) and adds the database item', () => {
    const body = toNewPlant(
      {
        ...emptyPlantForm,
        name: '  Basil ',
        species: ' Ocimum ',
        location: '',
        waterFrequency: '',
        fertilizerFrequency: '14',
        notes: ' ',
      },
      5,
    );
    expect(body).toEqual({
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
