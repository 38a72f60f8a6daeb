import { urls } from '@/api/keys';
import type { Site, User } from '@/api/types';
import { displayName } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import type { PickerOption, PickerSource } from './server-picker';

const usersText = (n: number | undefined) => t('shared.serverPicker.userCount', { count: n ?? 0 });

/** A site's row: the name, then the city and how many users it has. */
export const siteOption = (site: Site): PickerOption => ({
  id: site.id,
  label: site.name,
  detail: [site.city, usersText(site.userCount)].filter(Boolean).join(' · '),
});

/**
 * siteSource: the sites by name from GET /api/admin/sites (superadmins; `admin` false: GET
 * /api/sites, every site for a superadmin and the caller's own otherwise), searched with
 * ?q=, a value named through ?ids=.
 */
export function siteSource(admin = true): PickerSource<Site> {
  return {
    url: (q) => urls.sitesQuery({ q }, admin),
    lookup: (id) => urls.sitesByIds([id], admin),
    option: siteOption,
  };
}

/** A user's row: the display name, then @username and the e-mail. */
export const userOption = (user: User): PickerOption => ({
  id: user.id,
  label: displayName(user),
  detail: [`@${user.username}`, user.email].filter(Boolean).join(' · '),
});

/**
 * userSource: the users by id from GET /api/users (`admin`: /api/admin/users), searched with
 * ?q= (username, full name, e-mail), active accounts only with `active`, a value named
 * through GET /api/users/{id}. `option` shapes the rows (default userOption).
 */
export function userSource({
  admin = false,
  active = false,
  option = userOption,
}: { admin?: boolean; active?: boolean; option?: (user: User) => PickerOption } = {}): PickerSource<User> {
  return {
    url: (q) => urls.usersQuery({ q, active: active ? 'true' : undefined }, admin),
    lookup: (id) => urls.user(id),
    option,
  };
}
