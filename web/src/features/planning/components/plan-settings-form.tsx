import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Form, FormInput, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
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
  const formId = useId();
  const form = useZodForm(planSchema, { defaultValues: defaults });
  const layouts = useLayouts('');
  const layoutId = form.watch('layoutId');
  return (
    <Form id={formId} form={form} onSubmit={onSubmit} onSubmitError={onSubmitError} className="pl-form">
      <FormInput name="name" label="Name" placeholder="Vegetable beds 2026" autoComplete="off" />
      <FormTextarea name="description" label="Description" rows={2} />
      <div className="pl-dims pl-dims--3">
        <FormNumber name="startYear" label="Start year" min={1900} max={2200} />
        <FormNumber name="duration" label="Years (1–10)" min={1} max={10} />
        <FormNumber name="gap" label="Gap (years)" min={1} max={10} description="Warn when a group returns sooner." />
      </div>
      <FormSelect name="layoutId" label="Garden layout" description="Its beds become the plan's rows.">
        <option value="">No layout: use named areas</option>
        {layouts.items.map((l) => (
          <option key={l.id} value={String(l.id)}>
            {l.name} ({l.bedCount} {l.bedCount === 1 ? 'bed' : 'beds'})
          </option>
        ))}
      </FormSelect>
      {!layoutId ? <FormTextarea name="areas" label="Areas" rows={4} description="One per line, e.g. North bed." /> : null}
      {disabledReason ? <p className="pl-muted pl-small">{disabledReason}</p> : null}
      <Button type="submit" loading={pending} disabled={Boolean(disabledReason)}>
        {submitLabel}
      </Button>
    </Form>
  );
}
