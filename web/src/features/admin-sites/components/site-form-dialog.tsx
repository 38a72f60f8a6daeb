import { useWatch } from 'react-hook-form';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import type { Site, SiteInput } from '@/api/types';
import { FormCategorySelect } from '@/components/category-select/form-category-select';
import { Form, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { RecordFormDialog, useRecordSubmit, type FormDialogBody, type RecordDialogProps } from '@/components/ui/form-dialog';
import { Switch } from '@/components/ui/switch';
import type { Translate } from '@/lib/i18n/provider';
import { useT } from '@/lib/i18n/provider';
import { useCreateSite } from '../api/create-site';
import { emptySiteForm, siteFormFrom, siteSchema } from '../api/site-schema';
import { useUpdateSite } from '../api/update-site';

/** The website field's placeholder: the scheme, the same in every language. */
const URL_PLACEHOLDER = 'https://';

/** limitHint explains a limit as typed: blank and 0 are unlimited. */
function limitHint(value: unknown, t: Translate): string {
  const n = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0) return t('admin.sites.limitZero');
  return n === 0 ? t('admin.sites.limitUnlimited') : t('admin.sites.limitAtMost', { limit: n });
}

function SiteForm({ site, ...body }: FormDialogBody & { site: Site | null }) {
  const form = useZodForm(siteSchema, { defaultValues: site ? siteFormFrom(site) : emptySiteForm });
  const [status, userLimit, plantLimit] = useWatch({ control: form.control, name: ['status', 'userLimit', 'plantLimit'] });
  const categories = useSiteCategories();
  const t = useT();
  const create = useCreateSite();
  const update = useUpdateSite();
  const { submit, failed } = useRecordSubmit<Site, SiteInput>(body, {
    record: site,
    noun: 'Site',
    create: (values) => create.trigger(values),
    update: (record, values) => update.trigger({ id: record.id, site: values }),
    name: (values) => values.name,
    busy: create.isMutating || update.isMutating,
  });

  return (
    <Form form={form} id={body.formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label={t('admin.site')}>
      <FormInput name="name" label={t('admin.name')} autoComplete="organization" />
      <FormTextarea name="description" label={t('admin.description')} rows={2} />
      <div className="form-grid form-grid--2">
        <FormCategorySelect label={t('admin.category')} categories={categories} loadError={t('admin.sites.categoriesFailed')} />
        <div className="site-form__status">
          <Switch
            label={t('admin.active')}
            description={status === 'active' ? t('admin.sites.isActive') : t('admin.sites.isInactive')}
            checked={status === 'active'}
            onCheckedChange={(on) => form.setValue('status', on ? 'active' : 'inactive')}
          />
        </div>
        <FormInput name="email" label={t('shared.accountFields.email')} type="email" />
        <FormInput name="phoneNumber" label={t('admin.sites.phone')} type="tel" />
        <FormInput name="website" label={t('admin.sites.website')} type="url" placeholder={URL_PLACEHOLDER} />
        <FormInput name="address" label={t('admin.sites.address')} />
        <FormInput name="city" label={t('admin.sites.city')} />
        <FormInput name="state" label={t('admin.sites.state')} />
        <FormInput name="zipCode" label={t('admin.sites.zipCode')} />
        <FormInput name="country" label={t('admin.sites.country')} />
        <FormNumber name="userLimit" label={t('admin.sites.userLimit')} min={0} step={1} description={limitHint(userLimit, t)} />
        <FormNumber
          name="plantLimit"
          label={t('admin.sites.plantLimit')}
          min={0}
          step={1}
          description={t('admin.sites.plantLimitHint', { hint: limitHint(plantLimit, t) })}
        />
      </div>
    </Form>
  );
}

/** SiteFormDialog: Add Site or Edit Site with every field of the site form (spec 02 §5). */
export function SiteFormDialog({ site, ...dialog }: RecordDialogProps & { site: Site | null }) {
  const t = useT();
  return (
    <RecordFormDialog
      {...dialog}
      record={site}
      noun="Site"
      createLabel={t('admin.sites.create')}
      description={site ? t('admin.sites.editText', { name: site.name }) : t('admin.sites.createText')}
      size="lg"
    >
      {(body) => <SiteForm {...body} site={site} />}
    </RecordFormDialog>
  );
}
