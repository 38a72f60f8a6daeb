import { z } from 'zod';
import type { Site, SiteInput } from '@/api/types';
import type { MessageKey } from '@/lib/i18n/i18n';
import { optionalEmail, optionalWebsite, requiredText, text } from '@/lib/schema';
import { NAME_MIN_LENGTH } from '@/lib/validation';

/** The default country of a new site (spec 02 §3, §9). */
export const DEFAULT_COUNTRY = 'United States';

/** A limit: a whole number of 0 or more; blank is 0 (spec 02 §5). */
function limit(message: string) {
  return z.number({ error: message }).int(message).min(0, message).optional().transform((n) => n ?? 0);
}

/**
 * siteSchema is the site form of spec 02 §5 (POST /api/sites, PATCH /api/sites/{id}): name
 * at least 2 characters, a valid e-mail and website when given, limits whole numbers of 0
 * or more (blank = 0). Its output is the request body.
 */
export const siteSchema = z
  .object({
    name: requiredText('admin.form.name2' satisfies MessageKey, NAME_MIN_LENGTH),
    description: text(),
    email: optionalEmail('admin.form.email' satisfies MessageKey),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    phoneNumber: text(),
    website: optionalWebsite('admin.form.url' satisfies MessageKey),
    country: text(),
    status: z.enum(['active', 'inactive']),
    /** The select's text: '' is no category. */
    categoryId: z.string(),
    userLimit: limit('admin.form.userLimit' satisfies MessageKey),
    plantLimit: limit('admin.form.plantLimit' satisfies MessageKey),
  })
  .transform(
    (site): SiteInput => ({
      ...site,
      country: site.country || DEFAULT_COUNTRY,
      categoryId: site.categoryId ? Number(site.categoryId) : null,
    }),
  );

/** What the site form's fields hold. */
export type SiteFormValues = z.input<typeof siteSchema>;

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
  userLimit: 0,
  plantLimit: 0,
};

/** siteFormFrom fills the form from a site being edited. */
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
    userLimit: site.userLimit ?? 0,
    plantLimit: site.plantLimit ?? 0,
  };
}
