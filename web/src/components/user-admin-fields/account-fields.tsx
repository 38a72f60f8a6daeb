import { FormCategorySelect, type CategoriesQuery } from '@/components/category-select/form-category-select';
import { FormInput } from '@/components/ui/form';
import { ACCOUNT_RULES } from './account-rules';

/**
 * AccountIdentityFields: username, e-mail and full name of an account, bound to the
 * surrounding Form. The protected account cannot be renamed. `own` is the person's own
 * account (the browser may fill it in); otherwise autofill is off.
 */
export function AccountIdentityFields({ isProtected = false, own = false }: { isProtected?: boolean; own?: boolean }) {
  return (
    <>
      <FormInput
        name="username"
        label="Username"
        autoComplete={own ? 'username' : 'off'}
        disabled={isProtected}
        description={isProtected ? ACCOUNT_RULES.protectedNoRename : undefined}
      />
      <FormInput name="email" label="Email" type="email" autoComplete={own ? 'email' : 'off'} />
      <FormInput name="fullName" label="Full name" autoComplete={own ? 'name' : 'off'} />
    </>
  );
}

/** UserCategorySelect: the account's user category ('' = none), bound to the surrounding Form. */
export function UserCategorySelect({ categories }: { categories: CategoriesQuery }) {
  return <FormCategorySelect label="User category" categories={categories} loadError="Failed to load user categories" keepUnknown />;
}
