import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { useSiteCategories } from '@/api/sites/get-site-categories';
import type { Site } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { limitText } from '@/lib/limits';
import { useCreateSite } from '../api/create-site';
import { useUpdateSite } from '../api/update-site';
import {
  emptySiteForm,
  limitNumber,
  siteFormFrom,
  toSiteInput,
  validateSite,
  type SiteFormErrors,
  type SiteFormValues,
} from './validate-site';

function limitHint(text: string): string {
  const n = limitNumber(text);
  return n === null ? '0 means unlimited.' : n === 0 ? '0 = ∞ Unlimited' : `At most ${limitText(n)}. 0 means unlimited.`;
}

function SiteForm({ formId, site, onDone, onPendingChange }: {
  formId: string;
  site: Site | null;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const [values, setValues] = useState<SiteFormValues>(() => (site ? siteFormFrom(site) : emptySiteForm));
  const [errors, setErrors] = useState<SiteFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const categories = useSiteCategories();
  const create = useCreateSite();
  const update = useUpdateSite();
  const { toast } = useToast();

  const set = (patch: Partial<SiteFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateSite(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isMutating || update.isMutating) return;
    setSubmitted(true);
    const found = validateSite(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = toSiteInput(values);
    onPendingChange(true);
    try {
      if (site) {
        await update.trigger({ id: site.id, site: body });
        toast({ title: 'Site updated', description: `${body.name} was saved.`, variant: 'success' });
      } else {
        await create.trigger(body);
        toast({ title: 'Site created', description: `${body.name} was added.`, variant: 'success' });
      }
      onDone();
    } catch (error) {
      setErrors(getFieldErrors(error) as SiteFormErrors);
      toast({
        title: site ? 'Error updating site' : 'Error creating site',
        description: getErrorMessage(error, site ? 'The site could not be saved. Please try again.' : 'The site could not be created. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      onPendingChange(false);
    }
  };

  const categoryList = categories.data ?? [];
  return (
    <form id={formId} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Site">
      <Field
        label="Name"
        name="name"
        value={values.name}
        error={errors.name}
        autoComplete="organization"
        onChange={(event) => set({ name: event.target.value })}
      />
      <TextareaField
        label="Description"
        name="description"
        rows={2}
        value={values.description}
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className="form-grid form-grid--2">
        <SelectField
          label="Category"
          name="categoryId"
          value={values.categoryId}
          disabled={categories.isLoading}
          hint={categories.isLoading ? 'Loading categories…' : categories.error ? 'Failed to load site categories' : undefined}
          onChange={(event) => set({ categoryId: event.target.value })}
        >
          <option value="">No category</option>
          {categoryList.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <div className="site-form__status">
          <Switch
            label="Active"
            description={values.status === 'active' ? 'The site is active.' : 'The site is inactive.'}
            checked={values.status === 'active'}
            onCheckedChange={(on) => set({ status: on ? 'active' : 'inactive' })}
          />
        </div>
        <Field
          label="Email"
          name="email"
          type="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => set({ email: event.target.value })}
        />
        <Field
          label="Phone number"
          name="phoneNumber"
          type="tel"
          value={values.phoneNumber}
          error={errors.phoneNumber}
          onChange={(event) => set({ phoneNumber: event.target.value })}
        />
        <Field
          label="Website"
          name="website"
          type="url"
          placeholder="https://"
          value={values.website}
          error={errors.website}
          onChange={(event) => set({ website: event.target.value })}
        />
        <Field
          label="Address"
          name="address"
          value={values.address}
          error={errors.address}
          onChange={(event) => set({ address: event.target.value })}
        />
        <Field
          label="City"
          name="city"
          value={values.city}
          error={errors.city}
          onChange={(event) => set({ city: event.target.value })}
        />
        <Field
          label="State"
          name="state"
          value={values.state}
          error={errors.state}
          onChange={(event) => set({ state: event.target.value })}
        />
        <Field
          label="Zip code"
          name="zipCode"
          value={values.zipCode}
          error={errors.zipCode}
          onChange={(event) => set({ zipCode: event.target.value })}
        />
        <Field
          label="Country"
          name="country"
          value={values.country}
          error={errors.country}
          onChange={(event) => set({ country: event.target.value })}
        />
        <Field
          label="User limit"
          name="userLimit"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.userLimit}
          error={errors.userLimit}
          hint={limitHint(values.userLimit)}
          onChange={(event) => set({ userLimit: event.target.value })}
        />
        <Field
          label="Plant limit"
          name="plantLimit"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values.plantLimit}
          error={errors.plantLimit}
          hint={`Plants per general user. ${limitHint(values.plantLimit)}`}
          onChange={(event) => set({ plantLimit: event.target.value })}
        />
      </div>
    </form>
  );
}

/** SiteFormDialog: Add Site or Edit Site with every field of the site form (spec 02 §5). */
export function SiteFormDialog({
  open,
  site,
  onOpenChange,
}: {
  open: boolean;
  /** The site to edit; null creates one. */
  site: Site | null;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
      title={site ? 'Edit Site' : 'Add Site'}
      description={site ? `Change ${site.name}.` : 'A new site with its own users and limits.'}
      size="lg"
      footer={
        <>
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {site ? 'Save Site' : 'Create Site'}
          </Button>
        </>
      }
    >
      {open ? <SiteForm key={site?.id ?? 'new'} formId={formId} site={site} onDone={() => onOpenChange(false)} onPendingChange={setPending} /> : null}
    </Dialog>
  );
}
