import { useWatch } from 'react-hook-form';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import type { Site, SiteInput } from '@/api/types';
import { FormCategorySelect } from '@/components/category-select/form-category-select';
import { Form, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { RecordFormDialog, useRecordSubmit, type FormDialogBody, type RecordDialogProps } from '@/components/ui/form-dialog';
import { Switch } from '@/components/ui/switch';
import { limitText } from '@/lib/limits';
import { useCreateSite } from '../api/create-site';
import { emptySiteForm, siteFormFrom, siteSchema } from '../api/site-schema';
import { useUpdateSite } from '../api/update-site';

/** limitHint explains a limit as typed: blank and 0 are unlimited. */
function limitHint(value: unknown): string {
  const n = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0) return '0 means unlimited.';
  return n === 0 ? '0 = ∞ Unlimited' : `At most ${limitText(n)}. 0 means unlimited.`;
}

function SiteForm({ site, ...body }: FormDialogBody & { site: Site | null }) {
  const form = useZodForm(siteSchema, { defaultValues: site ? siteFormFrom(site) : emptySiteForm });
  const [status, userLimit, plantLimit] = useWatch({ control: form.control, name: ['status', 'userLimit', 'plantLimit'] });
  const categories = useSiteCategories();
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
    <Form form={form} id={body.formId} className="form-stack" onSubmit={submit} onSubmitError={failed} aria-label="Site">
      <FormInput name="name" label="Name" autoComplete="organization" />
      <FormTextarea name="description" label="Description" rows={2} />
      <div className="form-grid form-grid--2">
        <FormCategorySelect label="Category" categories={categories} loadError="Failed to load site categories" />
        <div className="site-form__status">
          <Switch
            label="Active"
            description={status === 'active' ? 'The site is active.' : 'The site is inactive.'}
            checked={status === 'active'}
            onCheckedChange={(on) => form.setValue('status', on ? 'active' : 'inactive')}
          />
        </div>
        <FormInput name="email" label="Email" type="email" />
        <FormInput name="phoneNumber" label="Phone number" type="tel" />
        <FormInput name="website" label="Website" type="url" placeholder="https://" />
        <FormInput name="address" label="Address" />
        <FormInput name="city" label="City" />
        <FormInput name="state" label="State" />
        <FormInput name="zipCode" label="Zip code" />
        <FormInput name="country" label="Country" />
        <FormNumber name="userLimit" label="User limit" min={0} step={1} description={limitHint(userLimit)} />
        <FormNumber
          name="plantLimit"
          label="Plant limit"
          min={0}
          step={1}
          description={`Plants per general user. ${limitHint(plantLimit)}`}
        />
      </div>
    </Form>
  );
}

/** SiteFormDialog: Add Site or Edit Site with every field of the site form (spec 02 §5). */
export function SiteFormDialog({ site, ...dialog }: RecordDialogProps & { site: Site | null }) {
  return (
    <RecordFormDialog
      {...dialog}
      record={site}
      noun="Site"
      createLabel="Create Site"
      description={site ? `Change ${site.name}.` : 'A new site with its own users and limits.'}
      size="lg"
    >
      {(body) => <SiteForm {...body} site={site} />}
    </RecordFormDialog>
  );
}
