import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import type { Plant } from '@/api/types';
import { ImageField } from '@/components/image-field/image-field';
import { Button, buttonClass } from '@/components/ui/button';
import { Form, FormDate, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { harvestSchema, type HarvestFormValues, type NewHarvest } from '../api/create-harvest';
import { HARVEST_UNITS } from '../api/types';

/** KEPT_PLANT is the plant option of a record whose plant was deleted: it keeps its name. */
export const KEPT_PLANT = 'kept';

/**
 * HarvestForm: plant, date, an optional quantity with its unit, notes and a photo, checked by
 * harvestSchema. `keptPlantName` offers a deleted plant's name as the current choice (a record
 * that outlived its plant); choosing it leaves the record's plant as it is.
 */
export function HarvestForm({
  plants,
  defaults,
  keptPlantName,
  label,
  submitLabel,
  failure,
  cancelTo,
  onSave,
}: {
  plants: Plant[];
  defaults: HarvestFormValues;
  keptPlantName?: string;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The toast title when saving fails. */
  failure: string;
  cancelTo: string;
  onSave: (harvest: NewHarvest) => Promise<unknown>;
}) {
  const { toast } = useToast();
  const [uploading, setUploading] = useState(false);
  const form = useZodForm(harvestSchema(todayKey()), { defaultValues: defaults });
  const sorted = plants.slice().sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Form
      form={form}
      aria-label={label}
      className="harvest-form"
      onSubmit={onSave}
      onSubmitError={(error) => toast({ title: failure, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' })}
    >
      <FormSelect name="plantId" label="Plant">
        <option value="">Select a plant</option>
        {keptPlantName !== undefined ? <option value={KEPT_PLANT}>{`${keptPlantName || 'Unnamed Harvest'} (plant deleted)`}</option> : null}
        {sorted.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.name}
          </option>
        ))}
      </FormSelect>
      <FormDate name="harvestDate" label="Harvest date" />
      <div className="harvest-form__row">
        <FormNumber name="quantity" label="Quantity" inputMode="decimal" step="any" min={0} placeholder="Optional" />
        <FormSelect name="unit" label="Unit">
          <option value="">No unit</option>
          {HARVEST_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </FormSelect>
      </div>
      <p className="harvest-form__hint">
        Leave the quantity empty if you did not weigh or count. Totals add up weights in kg, counts in items (a bunch counts as one) and
        volumes in litres.
      </p>
      <FormTextarea name="notes" label="Notes" rows={4} placeholder="How was it? Variety, bed, taste…" />
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageField
            label="Photo"
            emptyText="Add a photo of your harvest"
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
            onBusyChange={setUploading}
          />
        )}
      />
      <div className="harvest-form__actions">
        <Link className={buttonClass('outline')} to={cancelTo}>
          Cancel
        </Link>
        <Button type="submit" loading={form.formState.isSubmitting} disabled={uploading}>
          {form.formState.isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
