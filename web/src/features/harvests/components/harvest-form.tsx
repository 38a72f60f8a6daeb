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
import { harvestUnitsFor, totalUnit, useUnitSystem } from '@/lib/units';
import { harvestSchema, type HarvestFormValues, type NewHarvest } from '../api/create-harvest';
import { groupBedsByLayout, useGardenBeds } from '../api/get-garden-beds';
import { HARVEST_UNITS } from '../api/types';

/** KEPT_PLANT is the plant option of a record whose plant was deleted: it keeps its name. */
export const KEPT_PLANT = 'kept';

/** The bed a record already names, offered even before (or without) the bed list. */
export interface CurrentBed {
  id: number;
  name: string;
  layoutName: string;
}

/**
 * BedField: the optional "Bed" select, the gardener's beds grouped by layout (GET
 * /api/garden-beds). The record's current bed is its own option, first and never moved (a
 * native select drops its value when the selected option leaves the page), so the form's value
 * is an option from the start; a failed bed list leaves just that and "No bed".
 */
export function BedField({ currentBed }: { currentBed?: CurrentBed }) {
  const beds = useGardenBeds();
  const groups = groupBedsByLayout(beds.items.filter((b) => b.id !== currentBed?.id)).filter((g) => g.beds.length > 0);
  const hint = beds.error
    ? 'Your beds could not be loaded. Please try again later.'
    : !beds.isLoading && beds.items.length === 0
      ? 'Draw beds in Garden Layouts to see yield per square foot.'
      : 'Where it grew: the stats show each bed’s yield per square foot.';
  return (
    <div className="harvest-form__bed">
      <FormSelect name="bedId" label="Bed" description={hint}>
        <option value="">No bed</option>
        {currentBed ? (
          <option value={String(currentBed.id)}>{`${currentBed.name} (${currentBed.layoutName})`}</option>
        ) : null}
        {beds.isLoading ? (
          <option value="" disabled>
            Loading your beds…
          </option>
        ) : null}
        {groups.map((g) => (
          <optgroup key={g.layoutId} label={g.layoutName}>
            {g.beds.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </optgroup>
        ))}
      </FormSelect>
      {beds.hasMore ? (
        <Button type="button" variant="ghost" size="sm" loading={beds.isLoadingMore} onClick={() => void beds.loadMore()}>
          Load more beds
        </Button>
      ) : null}
      {!beds.isLoading && !beds.error && beds.items.length === 0 ? (
        <Link className="harvest-form__link" to="/planning/garden-layouts">
          Go to Garden Layouts
        </Link>
      ) : null}
    </div>
  );
}

/**
 * HarvestForm: plant, date, an optional quantity with its unit, the optional bed it came from,
 * notes and a photo, checked by harvestSchema. `keptPlantName` offers a deleted plant's name as
 * the current choice (a record that outlived its plant); choosing it leaves the record's plant
 * as it is. `currentBed` is the record's bed, kept as a choice.
 */
export function HarvestForm({
  plants,
  defaults,
  keptPlantName,
  currentBed,
  label,
  submitLabel,
  failure,
  cancelTo,
  onSave,
}: {
  plants: Plant[];
  defaults: HarvestFormValues;
  keptPlantName?: string;
  currentBed?: CurrentBed;
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
  // The gardener's system's weights come first (oz, lb or g, kg); a harvest keeps the unit chosen.
  const system = useUnitSystem();

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
          {harvestUnitsFor(HARVEST_UNITS, system).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </FormSelect>
      </div>
      <p className="harvest-form__hint">
        Leave the quantity empty if you did not weigh or count. Totals add up weights in {totalUnit('mass', system)}, counts in items (a bunch
        counts as one) and volumes in {system === 'metric' ? 'litres' : 'gallons'}.
      </p>
      <BedField currentBed={currentBed} />
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
