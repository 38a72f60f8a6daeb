import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Form, FormInput, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { useT } from '@/lib/i18n/provider';
import { useLayouts } from '../api/layouts';
import { planSchema, type PlanFields, type PlanInput } from '../api/rotation';

/**
 * PlanSettingsForm: a plan's name, description, years, gap and rows (a garden layout's beds, or
 * named areas one per line), for a new plan and for an existing one.
 */
export function PlanSettingsForm({
  defaults,
  submitLabel,
  pending,
  disabledReason,
  onSubmit,
  onSubmitError,
}: {
  defaults: PlanInput;
  submitLabel: string;
  pending: boolean;
  disabledReason?: string | null;
  onSubmit: (values: PlanFields) => Promise<void>;
  onSubmitError: (error: unknown) => void;
}) {
  const t = useT();
  const formId = useId();
  const form = useZodForm(planSchema, { defaultValues: defaults });
  const layouts = useLayouts('');
  const layoutId = form.watch('layoutId');
  return (
    <Form id={formId} form={form} onSubmit={onSubmit} onSubmitError={onSubmitError} className="pl-form">
      <FormInput name="name" label={t('planning.form.name')} placeholder={t('planning.plan.namePlaceholder')} autoComplete="off" />
      <FormTextarea name="description" label={t('planning.form.description')} rows={2} />
      <div className="pl-dims pl-dims--3">
        <FormNumber name="startYear" label={t('planning.plan.startYear')} min={1900} max={2200} />
        <FormNumber name="duration" label={t('planning.plan.years')} min={1} max={10} />
        <FormNumber name="gap" label={t('planning.plan.gapYears')} min={1} max={10} description={t('planning.plan.gapHint')} />
      </div>
      <FormSelect name="layoutId" label={t('planning.plan.layout')} description={t('planning.plan.layoutHint')}>
        <option value="">{t('planning.plan.noLayout')}</option>
        {layouts.items.map((l) => (
          <option key={l.id} value={String(l.id)}>
            {t('planning.plan.layoutOption', { name: l.name, count: l.bedCount })}
          </option>
        ))}
      </FormSelect>
      {!layoutId ? <FormTextarea name="areas" label={t('planning.plan.areas')} rows={4} description={t('planning.plan.areasHint')} /> : null}
      {disabledReason ? <p className="pl-muted pl-small">{disabledReason}</p> : null}
      <Button type="submit" loading={pending} disabled={Boolean(disabledReason)}>
        {submitLabel}
      </Button>
    </Form>
  );
}
