import { FormCategorySelect, type CategoriesQuery } from '@/components/category-select/form-category-select';
import { FormInput } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';
import { ACCOUNT_RULES } from './account-rules';

/**
 * AccountIdentityFields: username, e-mail and full name of an account, bound to the
 * surrounding Form. The protected account cannot be renamed. `own` is the person's own
 * account (the browser may fill it in); otherwise autofill is off.
 */
export function AccountIdentityFields({ isProtected = false, own = false }: { isProtected?: boolean; own?: boolean }) {
  const t = useT();
  return (
    <>
      <FormInput
        name="username"
        label={t('shared.account.username')}
        autoComplete={own ? 'username' : 'off'}
        disabled={isProtected}
        description={isProtected ? t(ACCOUNT_RULES.protectedNoRename) : undefined}
      />
      <FormInput name="email" label={t('shared.accountFields.email')} type="email" autoComplete={own ? 'email' : 'off'} />
      <FormInput name="fullName" label={t('shared.accountFields.fullName')} autoComplete={own ? 'name' : 'off'} />
    </>
  );
}

/** UserCategorySelect: the account's user category ('' = none), bound to the surrounding Form. */
export function UserCategorySelect({ categories }: { categories: CategoriesQuery }) {
  const t = useT();
  return (
    <FormCategorySelect
      label={t('shared.userAdminFields.category')}
      categories={categories}
      loadError={t('shared.categorySelect.userLoadFailed')}
      keepUnknown
    />
  );
}
