import { describe, expect, it } from 'vitest';
import { makeDbItem } from '@/testing/fixtures';
import { adminTabFromParam } from './admin-tabs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, pageSlice } from './pagination';
import { messagesOf } from '@/testing/schema';
import { alternativeUrls, plantItemSchema, type ItemFormValues } from '../api/plant-item-schema';
import { emptyItemForm, itemFormFromItem, withCommonName, withSlug } from './plant-item-form';

const validateItemForm = (values: ItemFormValues) => messagesOf(plantItemSchema, values);
const toItemInput = (values: ItemFormValues) => plantItemSchema.parse(values);
import { normalizeTime, scheduleTime, timeFromCron } from './schedule-time';

describe('admin tabs', () => {
  it.each([
    ['list', 'list'],
    ['ecommerce', 'ecommerce'],
    ['schedule', 'schedule'],
    [null, 'list'],
    ['other', 'list'],
  ])('?tab=%s opens %s', (param, tab) => {
    expect(adminTabFromParam(param)).toBe(tab);
  });
});

describe('pagination', () => {
  it('offers 10 (default), 20, 50, 100 and All (1000)', () => {
    expect(PAGE_SIZES.map((s) => [s.value, s.label])).toEqual([
      [10, '10'],
      [20, '20'],
      [50, '50'],
      [100, '100'],
      [1000, 'All'],
    ]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('slices pages and keeps the page within range', () => {
    const rows = Array.from({ length: 37 }, (_, i) => i + 1);
    expect(pageCount(37, 10)).toBe(4);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageSlice(rows, 4, 10)).toMatchObject({ items: [31, 32, 33, 34, 35, 36, 37], page: 4, pages: 4, from: 31, to: 37 });
    expect(pageSlice(rows, 9, 20)).toMatchObject({ page: 2, from: 21, to: 37 });
    expect(pageSlice([], 1, 10)).toMatchObject({ items: [], page: 1, pages: 1, from: 0, to: 0 });
  });
});

describe('schedule time', () => {
  it.each([
    ['01:30', '01:30'],
    ['1:30', '01:30'],
    [' 23:59 ', '23:59'],
    ['00:00', '00:00'],
    ['24:00', null],
    ['12:60', null],
    ['1:3', null],
    ['0130', null],
    ['1:30 PM', null],
  ])('normalizeTime(%j) = %j', (text, time) => {
    expect(normalizeTime(text)).toBe(time);
  });

  it('reads the cron: minute the second field, hour the third (or the classic five fields)', () => {
    expect(timeFromCron('0 30 1 * * *')).toBe('01:30');
    expect(timeFromCron('0 5 18 * * *')).toBe('18:05');
    expect(timeFromCron('45 6 * * *')).toBe('06:45');
    expect(timeFromCron('*/5 * * * * *')).toBeNull();
    expect(timeFromCron(null)).toBeNull();
  });

  it('prefers the time, then the cron, then 01:30', () => {
    expect(scheduleTime({ time: '04:15', cronTime: '0 30 1 * * *' })).toBe('04:15');
    expect(scheduleTime({ time: null, cronTime: '0 0 2 * * *' })).toBe('02:00');
    expect(scheduleTime({})).toBe('01:30');
    expect(scheduleTime(undefined)).toBe('01:30');
  });
});

describe('plant database item form', () => {
  it('validates the common name, type and URLs with the API messages', () => {
    const values = {
      ...emptyItemForm(),
      commonName: ' B ',
      plantType: 'Trees' as ItemFormValues['plantType'],
      imageUrl: 'not a url',
      alternativeImageUrls: 'https://seeds.example/a.jpg\n\nftp://seeds.example/b.jpg',
      storeUrl: 'seeds.example',
      slug: 'two words',
    };
    expect(validateItemForm(values)).toEqual({
      commonName: 'Common name must be at least 2 characters',
      plantType: 'Please select a plant type',
      imageUrl: 'Please enter a valid URL',
      alternativeImageUrls: 'Please enter a valid URL on every line (line 2 is not one)',
      storeUrl: 'Please enter a valid URL',
      slug: 'The slug cannot contain spaces',
    });
    expect(validateItemForm({ ...emptyItemForm(), commonName: 'Basil', imageUrl: '/api/images/abc.png' })).toEqual({});
  });

  it('lets the slug follow the name until it is edited, and again once emptied', () => {
    let values = withCommonName(emptyItemForm(), "Sweet Basil 'Genovese'");
    expect(values.slug).toBe('sweet-basil-genovese');
    values = withSlug(values, 'basil');
    values = withCommonName(values, 'Thai Basil');
    expect(values.slug).toBe('basil');
    values = withSlug(values, '');
    expect(values.slug).toBe('');
    values = withCommonName(values, 'Holy Basil');
    expect(values.slug).toBe('holy-basil');
  });

  it('keeps a stored slug when the name of an existing item changes', () => {
    const values = itemFormFromItem(makeDbItem({ commonName: 'Basil', slug: 'basil-classic' }));
    expect(withCommonName(values, 'Basil Classic').slug).toBe('basil-classic');
  });

  it('fills from an item: fertilizer under either spelling, care parts from an object or JSON text', () => {
    const parts = itemFormFromItem(
      makeDbItem({
        fertilizerRequirements: '',
        fertilizorRequirements: 'Monthly',
        careInstructions: JSON.stringify({ watering: 'Daily', soil: 'Rich' }),
        alternativeImageUrls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'],
      }),
    );
    expect(parts.fertilizerRequirements).toBe('Monthly');
    expect(parts.careMode).toBe('parts');
    expect(parts.careParts).toMatchObject({ watering: 'Daily', soil: 'Rich', light: '' });
    expect(parts.alternativeImageUrls).toBe('https://a.example/1.jpg\nhttps://a.example/2.jpg');
    const text = itemFormFromItem(makeDbItem({ careInstructions: '<p>Water well</p>' }));
    expect(text.careMode).toBe('text');
    expect(text.careText).toBe('<p>Water well</p>');
  });

  it('builds the body: trimmed fields, URLs per line, care as text or only the filled parts', () => {
    const values = {
      ...withCommonName(emptyItemForm(), ' Basil '),
      scientificName: ' Ocimum basilicum ',
      alternativeImageUrls: ' https://a.example/1.jpg \n\n https://a.example/2.jpg',
      careMode: 'parts' as const,
      careParts: { ...emptyItemForm().careParts, watering: ' Keep moist ', soil: ' ' },
    };
    const body = toItemInput(values);
    expect(body).toMatchObject({
      commonName: 'Basil',
      scientificName: 'Ocimum basilicum',
      plantType: 'Herbs',
      slug: 'basil',
      alternativeImageUrls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'],
      careInstructions: { watering: 'Keep moist' },
    });
    expect(body).not.toHaveProperty('source');
    expect(toItemInput({ ...values, careParts: emptyItemForm().careParts }).careInstructions).toBe('');
    expect(toItemInput({ ...values, careMode: 'text', careText: ' <p>Hi</p> ' }).careInstructions).toBe('<p>Hi</p>');
    expect(alternativeUrls('a\r\nb\n')).toEqual(['a', 'b']);
  });
});
