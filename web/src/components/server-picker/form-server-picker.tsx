import type { ComponentProps, ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';
import { ServerPicker } from './server-picker';
import { siteSource } from './sources';

type PickerProps<T extends { id: number }> = Omit<
  ComponentProps<typeof ServerPicker<T>>,
  'value' | 'onChange' | 'id' | 'invalid' | 'aria-describedby' | 'ref'
>;

/**
 * FormServerPicker: a ServerPicker bound to the field `name` of the surrounding Form — its
 * value the record's id as a string, '' for none — with the form's label, hint and message.
 * `onPick` replaces the plain binding for a field whose change moves others (the account
 * rules).
 */
export function FormServerPicker<T extends { id: number }>({
  name,
  fieldLabel,
  description,
  onPick,
  ...picker
}: PickerProps<T> & {
  name: string;
  fieldLabel: string;
  description?: ReactNode;
  onPick?: (value: string) => void;
}) {
  const { field } = useController({ name: name as FieldPath<FieldValues> });
  const raw = String(field.value ?? '');
  return (
    <Field name={name} label={fieldLabel} description={description}>
      {(control) => (
        <ServerPicker<T>
          {...picker}
          id={control.id}
          invalid={control.invalid}
          aria-describedby={control['aria-describedby']}
          ref={field.ref}
          value={raw ? Number(raw) : null}
          onChange={(item) => {
            const next = item ? String(item.id) : '';
            if (onPick) onPick(next);
            else {
              field.onChange(next);
              field.onBlur();
            }
          }}
        />
      )}
    </Field>
  );
}

const ADMIN_SITES = siteSource(true);
const SITES = siteSource(false);

/**
 * FormSitePicker: the site field of a form, over the sites searched on the server (`admin`
 * false reads GET /api/sites: a site admin's own site).
 */
export function FormSitePicker({
  name,
  label,
  placeholder,
  admin = true,
  ...rest
}: {
  name: string;
  /** The field's label (default "Site"). */
  label?: string;
  description?: ReactNode;
  /** A first row meaning "no site" (''), e.g. "No site". */
  noneLabel?: string;
  /** Shown without a value (default "Select a site"). */
  placeholder?: string;
  admin?: boolean;
  disabled?: boolean;
  onPick?: (value: string) => void;
}) {
  const t = useT();
  return (
    <FormServerPicker
      {...rest}
      name={name}
      fieldLabel={label ?? t('shared.serverPicker.site')}
      source={admin ? ADMIN_SITES : SITES}
      label={t('nav.sites')}
      noun="sites"
      searchLabel={t('shared.serverPicker.searchSites')}
      searchPlaceholder={t('shared.serverPicker.searchSitesHint')}
      placeholder={placeholder ?? t('shared.serverPicker.selectSite')}
      fallbackLabel={(id) => t('shared.serverPicker.siteFallback', { id })}
    />
  );
}
