import { useWatch } from 'react-hook-form';
import { FormSelect } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';

/** What FormCategorySelect reads: a categories query (SWR answer). */
export interface CategoriesQuery {
  data?: readonly { id: number; name: string }[];
  isLoading: boolean;
  error?: unknown;
}

/**
 * FormCategorySelect: a record's category ('' = "No category") bound to the field `name` of
 * the surrounding Form, disabled with "Loading categories…" while the list loads and
 * `loadError` under it when it failed. `keepUnknown` keeps a chosen category the list does
 * not hold as "Category {id}" instead of dropping it.
 */
export function FormCategorySelect({
  name = 'categoryId',
  label,
  categories,
  loadError,
  keepUnknown = false,
}: {
  name?: string;
  label: string;
  categories: CategoriesQuery;
  loadError: string;
  keepUnknown?: boolean;
}) {
  const chosen = useWatch({ name }) as string;
  const t = useT();
  const list = categories.data ?? [];
  const unknown = keepUnknown && Boolean(chosen) && !list.some((category) => String(category.id) === chosen);
  return (
    <FormSelect
      name={name}
      label={label}
      disabled={categories.isLoading}
      description={categories.isLoading ? t('shared.categorySelect.loading') : categories.error ? loadError : undefined}
    >
      <option value="">{t('shared.categorySelect.none')}</option>
      {list.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
      {unknown ? <option value={chosen}>{t('shared.categorySelect.unknown', { id: chosen })}</option> : null}
    </FormSelect>
  );
}
