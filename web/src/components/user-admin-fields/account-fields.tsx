import { useWatch } from 'react-hook-form';
import type { UserCategory } from '@/api/types';
import { FormInput, FormSelect } from '@/components/ui/form';
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
export function UserCategorySelect({
  categories,
}: {
  categories: { data?: UserCategory[]; isLoading: boolean; error?: unknown };
}) {
  const categoryId = useWatch({ name: 'categoryId' }) as string;
  const list = categories.data ?? [];
  const known = !categoryId || list.some((category) => String(category.id) === categoryId);
  return (
    <FormSelect
      name="categoryId"
      label="User category"
      disabled={categories.isLoading}
      description={categories.isLoading ? 'Loading categories…' : categories.error ? 'Failed to load user categories' : undefined}
    >
      <option value="">No category</option>
      {list.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
      {!known ? <option value={categoryId}>Category {categoryId}</option> : null}
    </FormSelect>
  );
}
