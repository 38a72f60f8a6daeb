import type { Site } from '@/api/types';
import { SelectField } from '@/components/ui/select';
import { CheckboxField } from '@/components/ui/switch';
import { ACCOUNT_RULES, withAdminFieldRules, type AdminFieldErrors, type AdminFieldValues } from './account-rules';

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'superadmin', label: 'Superadmin' },
] as const;

/**
 * UserAdminFields: role, site, site admin flag and active flag of an account, for
 * superadmins (the admin user form and the User Settings editing view). The site admin flag
 * needs a site, is disabled for a superadmin and is unchecked automatically without a site.
 */
export function UserAdminFields<T extends AdminFieldValues>({
  values,
  onChange,
  errors,
  sites,
  sitesLoading = false,
  sitesError = false,
  isProtected = false,
}: {
  values: T;
  onChange: (next: T) => void;
  errors: AdminFieldErrors;
  sites: Site[];
  sitesLoading?: boolean;
  sitesError?: boolean;
  isProtected?: boolean;
}) {
  const set = (patch: Partial<AdminFieldValues>) => onChange(withAdminFieldRules(values, patch));
  const superadmin = values.role === 'superadmin';
  const knownSite = !values.siteId || sites.some((site) => String(site.id) === values.siteId);
  return (
    <div className="form-grid form-grid--2">
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        error={errors.role}
        disabled={isProtected}
        hint={isProtected ? ACCOUNT_RULES.protectedSuperadmin : undefined}
        onChange={(event) => set({ role: event.target.value as AdminFieldValues['role'] })}
      >
        <option value="" disabled>
          Select a role
        </option>
        {ROLE_OPTIONS.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Site"
        name="siteId"
        value={values.siteId}
        error={errors.siteId}
        disabled={superadmin || isProtected || sitesLoading}
        hint={
          superadmin
            ? ACCOUNT_RULES.superadminNoSite
            : sitesLoading
              ? 'Loading sites…'
              : sitesError
                ? 'Failed to load sites'
                : undefined
        }
        onChange={(event) => set({ siteId: event.target.value })}
      >
        <option value="">No site</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
          </option>
        ))}
        {!knownSite ? <option value={values.siteId}>Site {values.siteId}</option> : null}
      </SelectField>
      <CheckboxField
        label="Site admin"
        name="isSiteAdmin"
        checked={values.isSiteAdmin}
        disabled={superadmin || !values.siteId || isProtected}
        error={errors.isSiteAdmin}
        hint={
          superadmin
            ? ACCOUNT_RULES.superadminNoSiteAdmin
            : !values.siteId
              ? ACCOUNT_RULES.siteAdminNeedsSite
              : 'Manages the users of this site.'
        }
        onCheckedChange={(isSiteAdmin) => set({ isSiteAdmin })}
      />
      <CheckboxField
        label="Active"
        name="isActive"
        checked={values.isActive}
        disabled={superadmin || isProtected}
        error={errors.isActive}
        hint={
          isProtected
            ? ACCOUNT_RULES.protectedActive
            : superadmin
              ? ACCOUNT_RULES.superadminNoDeactivate
              : 'Inactive accounts cannot sign in.'
        }
        onCheckedChange={(isActive) => set({ isActive })}
      />
    </div>
  );
}
