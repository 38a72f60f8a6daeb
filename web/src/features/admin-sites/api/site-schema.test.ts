import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/testing/schema';
import { emptySiteForm, siteSchema, type SiteFormValues } from './site-schema';

const named = { ...emptySiteForm, name: 'Riverside' };
const validateSite = (values: SiteFormValues) => messagesOf(siteSchema, values);
const toSiteInput = (values: SiteFormValues) => siteSchema.parse(values);

describe('site form rules (spec 02 §5)', () => {
  it('defaults: country United States, active, limits 0', () => {
    expect(emptySiteForm).toMatchObject({ country: 'United States', status: 'active', userLimit: 0, plantLimit: 0 });
  });

  it('turns a blank number into 0', () => {
    expect(toSiteInput({ ...named, userLimit: undefined, plantLimit: undefined })).toMatchObject({ userLimit: 0, plantLimit: 0 });
    expect(toSiteInput({ ...named, userLimit: 12 })).toMatchObject({ userLimit: 12 });
    expect(validateSite({ ...named, userLimit: undefined, plantLimit: undefined })).toEqual({});
  });

  it('gives the spec’s messages', () => {
    expect(validateSite({ ...emptySiteForm, name: 'R' }).name).toBe('Name must be at least 2 characters');
    expect(validateSite({ ...named, email: 'nobody@' }).email).toBe('Please enter a valid email');
    expect(validateSite({ ...named, website: 'riverside' }).website).toBe('Please enter a valid URL');
    expect(validateSite({ ...named, website: 'ftp://riverside.org' }).website).toBe('Please enter a valid URL');
    expect(validateSite({ ...named, userLimit: -1 }).userLimit).toBe('User limit must be 0 or greater');
    expect(validateSite({ ...named, plantLimit: -5 }).plantLimit).toBe('Plant limit must be 0 or greater');
    expect(validateSite({ ...named, plantLimit: 2.5 }).plantLimit).toBe('Plant limit must be 0 or greater');
    expect(validateSite({ ...named, plantLimit: Number.NaN }).plantLimit).toBe('Plant limit must be 0 or greater');
  });

  it('accepts a complete site', () => {
    expect(
      validateSite({ ...named, email: 'hello@riverside.org', website: 'https://riverside.org', userLimit: 40, plantLimit: 25 }),
    ).toEqual({});
  });

  it('sends the category as a number, none as null, and an empty country as United States', () => {
    expect(toSiteInput({ ...named, categoryId: '2', country: ' ' })).toMatchObject({ categoryId: 2, country: 'United States' });
    expect(toSiteInput(named)).toMatchObject({ categoryId: null });
  });
});
