import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  defaultUnitSystem,
  formatHarvestAmount,
  formatLength,
  formatTemperature,
  harvestUnitsFor,
  inSystem,
  lengthText,
  parseLength,
  shownTemperature,
  toCelsius,
  toFahrenheit,
  totalUnit,
  unitSystemOf,
} from './units';

describe('defaultUnitSystem', () => {
  it.each([
    ['en-US', 'imperial'],
    ['en', 'imperial'],
    ['es-US', 'imperial'],
    ['en-LR', 'imperial'],
    ['my', 'imperial'],
    ['my-MM', 'imperial'],
    ['en_US', 'imperial'],
    ['en-GB', 'metric'],
    ['en-CA', 'metric'],
    ['de', 'metric'],
    ['de-AT', 'metric'],
    ['pt-BR', 'metric'],
    ['es-419', 'metric'],
    ['', 'metric'],
    ['not a tag!', 'metric'],
  ] as const)('%s is %s', (tag, want) => {
    expect(defaultUnitSystem(tag)).toBe(want);
  });
});

describe('unitSystemOf', () => {
  it('takes the chosen system over any locale', () => {
    expect(unitSystemOf({ units: 'metric', language: 'en' }, ['en-US'])).toBe('metric');
    expect(unitSystemOf({ units: 'imperial', language: 'de' }, ['de-DE'])).toBe('imperial');
  });
  it('follows the browser locale that speaks the gardener language, else the language', () => {
    expect(unitSystemOf({ units: null, language: 'en' }, ['en-GB'])).toBe('metric');
    expect(unitSystemOf({ units: null, language: 'en' }, ['en-US'])).toBe('imperial');
    expect(unitSystemOf({ units: null, language: 'en' }, ['de-DE'])).toBe('imperial');
    expect(unitSystemOf({ units: null, language: 'de' }, ['en-US'])).toBe('metric');
    expect(unitSystemOf({ units: null, language: '' }, ['en-US', 'de'])).toBe('imperial');
    expect(unitSystemOf(null, ['fr-FR'])).toBe('metric');
    expect(unitSystemOf(null, [])).toBe('metric');
  });
});

describe('lengths', () => {
  it('prints feet as the editor always has and metres with two decimals', () => {
    expect(lengthText(4, 'imperial')).toBe('4');
    expect(lengthText(2.5, 'imperial')).toBe('2.5');
    expect(lengthText(4, 'metric')).toBe('1.22');
    expect(lengthText(8, 'metric')).toBe('2.44');
    expect(lengthText(1, 'metric')).toBe('0.3');
    expect(lengthText(20, 'metric')).toBe('6.1');
  });

  it('reads typed feet as they are', () => {
    expect(parseLength('4', 'imperial')).toBe(4);
    expect(parseLength(' 2.75 ', 'imperial')).toBe(2.75);
    expect(parseLength('', 'imperial')).toBeNaN();
    expect(parseLength('abc', 'metric')).toBeNaN();
  });

  it('keeps the half-foot grid exact: what a half-foot shows reads back as that half-foot', () => {
    for (let halves = 1; halves <= 1000; halves++) {
      const feet = halves / 2;
      expect(parseLength(lengthText(feet, 'metric'), 'metric')).toBe(feet);
    }
  });

  it('round-trips typed metres to the centimetre', () => {
    for (let cm = 1; cm <= 5000; cm += 7) {
      const typed = String(cm / 100);
      const feet = parseLength(typed, 'metric');
      expect(lengthText(feet, 'metric')).toBe(typed);
    }
    expect(parseLength('1.5', 'metric')).toBe(4.921);
    expect(parseLength('1,5', 'metric')).toBe(4.921);
    expect(parseLength('1.22', 'metric')).toBe(4);
  });

  it('formats with Intl unit style', () => {
    expect(formatLength(4, 'imperial', 'en-US')).toBe('4 ft');
    expect(formatLength(4, 'metric', 'en-US')).toBe('1.22 m');
    expect(formatLength(4, 'metric', 'de')).toBe('1,22 m');
  });
});

describe('harvest amounts', () => {
  it('converts within a kind, exactly', () => {
    expect(convertAmount(1, 'lb', 'kg')).toBeCloseTo(0.45359237, 12);
    expect(convertAmount(16, 'oz', 'lb')).toBeCloseTo(1, 12);
    expect(convertAmount(1000, 'g', 'kg')).toBe(1);
    expect(convertAmount(1, 'gal', 'litres')).toBeCloseTo(3.785411784, 12);
    expect(convertAmount(3, 'items', 'items')).toBe(3);
    expect(convertAmount(3, 'items', 'kg')).toBeNull();
    expect(convertAmount(3, 'kg', 'litres')).toBeNull();
  });

  it('round-trips kg through pounds', () => {
    for (const kg of [0.001, 0.25, 1, 2.5, 12.345, 1000]) {
      expect(convertAmount(convertAmount(kg, 'kg', 'lb')!, 'lb', 'kg')).toBeCloseTo(kg, 10);
    }
  });

  it('shows totals in the preferred system', () => {
    expect(totalUnit('mass', 'metric')).toBe('kg');
    expect(totalUnit('mass', 'imperial')).toBe('lb');
    expect(totalUnit('volume', 'imperial')).toBe('gal');
    expect(totalUnit('count', 'imperial')).toBe('items');
    expect(inSystem(2.5, 'kg', 'metric')).toEqual({ amount: 2.5, unit: 'kg' });
    const lb = inSystem(2.5, 'kg', 'imperial');
    expect(lb.unit).toBe('lb');
    expect(lb.amount).toBeCloseTo(5.5115566, 6);
    expect(inSystem(12, 'items', 'imperial')).toEqual({ amount: 12, unit: 'items' });
  });

  it('formats through Intl, rounding to two decimals (three below 0.1)', () => {
    expect(formatHarvestAmount(2.5, 'kg', 'en-US')).toBe('2.5 kg');
    expect(formatHarvestAmount(5.5115566, 'lb', 'en-US')).toBe('5.51 lb');
    expect(formatHarvestAmount(0.0454, 'kg', 'en-US')).toBe('0.045 kg');
    expect(formatHarvestAmount(1250, 'kg', 'en-US')).toBe('1,250 kg');
    expect(formatHarvestAmount(2, 'litres', 'en-US')).toBe('2 L');
    expect(formatHarvestAmount(12, 'items', 'en-US')).toBe('12 items');
  });

  it("offers the system's weights first", () => {
    const units = ['g', 'kg', 'oz', 'lb', 'items', 'bunches', 'litres'] as const;
    expect(harvestUnitsFor(units, 'metric')).toEqual(['g', 'kg', 'oz', 'lb', 'items', 'bunches', 'litres']);
    expect(harvestUnitsFor(units, 'imperial')).toEqual(['oz', 'lb', 'g', 'kg', 'items', 'bunches', 'litres']);
  });
});

describe('temperatures', () => {
  it('converts exactly both ways', () => {
    expect(toFahrenheit(0)).toBe(32);
    expect(toFahrenheit(100)).toBe(212);
    expect(toFahrenheit(-40)).toBe(-40);
    for (const c of [-30, -2.5, 0, 18.3, 34]) expect(toCelsius(toFahrenheit(c))).toBeCloseTo(c, 10);
  });

  it('rounds what is shown', () => {
    expect(shownTemperature(18.4, 'metric')).toBe(18);
    expect(shownTemperature(18.4, 'imperial')).toBe(65);
    expect(shownTemperature(-2, 'imperial', 1)).toBe(28.4);
    expect(formatTemperature(18, 'metric', 0, 'en-US')).toBe('18°C');
    expect(formatTemperature(18, 'imperial', 0, 'en-US')).toBe('64°F');
  });
});
