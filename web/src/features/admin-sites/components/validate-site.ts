import type { Site, SiteInput, SiteStatus } from '@/api/types';
import { NAME_MIN_LENGTH, isEmail, isWebsite } from '@/lib/validation';

/** The site form as typed: numbers stay text, a category id is select text ('' = none). */
export interface SiteFormValues {
  name: string;
  description: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
  country: string;
  status: SiteStatus;
  categoryId: string;
  userLimit: string;
  plantLimit: string;
}

export type SiteFormErrors = Partial<Record<keyof SiteFormValues, string>>;

/** The default country of a new site (spec 02 §3, §9). */
export const DEFAULT_COUNTRY = 'United States';

export const SITE_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email',
  website: 'Please enter a valid URL',
  userLimit: 'User limit must be 0 or greater',
  plantLimit: 'Plant limit must be 0 or greater',
} as const;

export const emptySiteForm: SiteFormValues = {
  name: '',
  description: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  phoneNumber: '',
  website: '',
  country: DEFAULT_COUNTRY,
  status: 'active',
  categoryId: '',
  userLimit: '0',
  plantLimit: '0',
};

export function siteFormFrom(site: Site): SiteFormValues {
  return {
    name: site.name,
    description: site.description ?? '',
    email: site.email ?? '',
    address: site.address ?? '',
    city: site.city ?? '',
    state: site.state ?? '',
    zipCode: site.zipCode ?? '',
    phoneNumber: site.phoneNumber ?? '',
    website: site.website ?? '',
    country: site.country || DEFAULT_COUNTRY,
    status: site.status === 'inactive' ? 'inactive' : 'active',
    categoryId: site.categoryId ? String(site.categoryId) : '',
    userLimit: String(site.userLimit ?? 0),
    plantLimit: String(site.plantLimit ?? 0),
  };
}

/** limitNumber: a blank input is 0 (spec 02 §5); null for anything but a whole number ≥ 0. */
export function limitNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const n = Number(trimmed);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * validateSite applies the site form rules of spec 02 §5: name at least 2 characters, a
 * valid e-mail and website when given, limits whole numbers of 0 or more (blank = 0).
 */
export function validateSite(values: SiteFormValues): SiteFormErrors {
  const errors: SiteFormErrors = {};
  if (values.name.trim().length < NAME_MIN_LENGTH) errors.name = SITE_MESSAGES.name;
  const email = values.email.trim();
  if (email && !isEmail(email)) errors.email = SITE_MESSAGES.email;
  const website = values.website.trim();
  if (website && !isWebsite(website)) errors.website = SITE_MESSAGES.website;
  if (limitNumber(values.userLimit) === null) errors.userLimit = SITE_MESSAGES.userLimit;
  if (limitNumber(values.plantLimit) === null) errors.plantLimit = SITE_MESSAGES.plantLimit;
  return errors;
}

/** toSiteInput: the body of POST /api/sites and PATCH /api/sites/{id}; blank numbers become 0. */
export function toSiteInput(values: SiteFormValues): SiteInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    email: values.email.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zipCode: values.zipCode.trim(),
    phoneNumber: values.phoneNumber.trim(),
    website: values.website.trim(),
    country: values.country.trim() || DEFAULT_COUNTRY,
    status: values.status,
    categoryId: values.categoryId ? Number(values.categoryId) : null,
    userLimit: limitNumber(values.userLimit) ?? 0,
    plantLimit: limitNumber(values.plantLimit) ?? 0,
  };
}
