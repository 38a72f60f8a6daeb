import { useFormContext, useWatch } from 'react-hook-form';
import { FormSitePicker } from '@/components/server-picker/form-server-picker';
import { FormSelect, useFieldError } from '@/components/ui/form';
import { CheckboxField } from '@/components/ui/switch';
import { roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { ACCOUNT_RULES, withAdminFieldRules, type AdminFieldValues } from './account-rules';

const ROLES = ['user', 'admin', 'superadmin'] as const;

const ADMIN_FIELDS = ['role', 'siteId', 'isSiteAdmin', 'isActive'] as const;

/**
 * UserAdminFields: role, site, site admin flag and active flag of an account, for
 * superadmins (the admin user form and the User Settings editing view), bound to the
 * surrounding Form. The site admin flag needs a site, is disabled for a superadmin and is
 * unchecked automatically without a site (withAdminFieldRules). The site is picked from the
 * sites searched on the server (FormSitePicker), never a list read whole.
 */
export function UserAdminFields({ isProtected = false }: { isProtected?: boolean }) {
  const form = useFormContext<AdminFieldValues>();
  const [role, siteId, isSiteAdmin, isActive] = useWatch({ control: form.control, name: [...ADMIN_FIELDS] });
  const values: AdminFieldValues = { role, siteId, isSiteAdmin, isActive };
  const siteAdminError = useFieldError('isSiteAdmin');
  const activeError = useFieldError('isActive');
  const t = useT();

  const set = (patch: Partial<AdminFieldValues>) => {
    const next = withAdminFieldRules(values, patch);
    for (const name of ADMIN_FIELDS) {
      if (next[name] !== values[name]) form.setValue(name, next[name], { shouldDirty: true });
    }
    // The rules tie the four fields together: re-check them all once the form was sent.
    if (form.formState.isSubmitted) void form.trigger([...ADMIN_FIELDS]);
  };
  const superadmin = role === 'superadmin';
  return (
    <div className="form-grid form-grid--2">
      <FormSelect
        name="role"
        label={t('shared.userAdminFields.role')}
        disabled={isProtected}
        description={isProtected ? t(ACCOUNT_RULES.protectedSuperadmin) : undefined}
        onChange={(event) => set({ role: event.target.value as AdminFieldValues['role'] })}
      >
        <option value="" disabled>
          {t('shared.userAdminFields.selectRole')}
        </option>
        {ROLES.map((value) => (
          <option key={value} value={value}>
            {roleLabel(value)}
          </option>
        ))}
      </FormSelect>
      <FormSitePicker
        name="siteId"
        noneLabel={t('shared.userAdminFields.noSite')}
        disabled={superadmin || isProtected}
        description={superadmin ? t(ACCOUNT_RULES.superadminNoSite) : undefined}
        onPick={(value) => set({ siteId: value })}
      />
      <CheckboxField
        label={t('shared.userAdminFields.siteAdmin')}
        name="isSiteAdmin"
        checked={isSiteAdmin}
        disabled={superadmin || !siteId || isProtected}
        error={siteAdminError}
        hint={
          superadmin
            ? t(ACCOUNT_RULES.superadminNoSiteAdmin)
            : !siteId
              ? t(ACCOUNT_RULES.siteAdminNeedsSite)
              : t('shared.userAdminFields.siteAdminHint')
        }
        onCheckedChange={(checked) => set({ isSiteAdmin: checked })}
      />
      <CheckboxField
        label={t('shared.userAdminFields.active')}
        name="isActive"
        checked={isActive}
        disabled={superadmin || isProtected}
        error={activeError}
        hint={
          isProtected
            ? t(ACCOUNT_RULES.protectedActive)
            : superadmin
              ? t(ACCOUNT_RULES.superadminNoDeactivate)
              : t('shared.userAdminFields.activeHint')
        }
        onCheckedChange={(checked) => set({ isActive: checked })}
      />
    </div>
  );
}
