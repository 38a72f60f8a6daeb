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
import { useT } from '@/lib/i18n/provider';
import { harvestUnitsFor, totalUnit, useUnitSystem } from '@/lib/units';
import { harvestSchema, type HarvestFormValues, type NewHarvest } from '../api/create-harvest';
import { groupBedsByLayout, useGardenBeds } from '../api/get-garden-beds';
import { HARVEST_UNITS } from '../api/types';
import { unitName } from './format';

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
  const t = useT();
  const beds = useGardenBeds();
  const groups = groupBedsByLayout(beds.items.filter((b) => b.id !== currentBed?.id)).filter((g) => g.beds.length > 0);
  const hint = beds.error
    ? t('harvests.bed.loadFailed')
    : !beds.isLoading && beds.items.length === 0
      ? t('harvests.bed.drawBeds')
      : t('harvests.bed.hint');
  return (
    <div className="harvest-form__bed">
      <FormSelect name="bedId" label={t('harvests.bed.label')} description={hint}>
        <option value="">{t('harvests.bed.none')}</option>
        {currentBed ? (
          <option value={String(currentBed.id)}>{`${currentBed.name} (${currentBed.layoutName})`}</option>
        ) : null}
        {beds.isLoading ? (
          <option value="" disabled>
            {t('harvests.bed.loading')}
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
          {t('harvests.bed.loadMore')}
        </Button>
      ) : null}
      {!beds.isLoading && !beds.error && beds.items.length === 0 ? (
        <Link className="harvest-form__link" to="/planning/garden-layouts">
          {t('harvests.bed.goToLayouts')}
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
  const t = useT();
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
      onSubmitError={(error) => toast({ title: failure, description: getErrorMessage(error, t('harvests.tryAgain')), variant: 'destructive' })}
    >
      <FormSelect name="plantId" label={t('harvests.form.plant')}>
        <option value="">{t('harvests.form.selectAPlant')}</option>
        {keptPlantName !== undefined ? <option value={KEPT_PLANT}>{t('harvests.form.plantDeleted', { name: keptPlantName || t('harvests.unnamed') })}</option> : null}
        {sorted.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.name}
          </option>
        ))}
      </FormSelect>
      <FormDate name="harvestDate" label={t('harvests.form.date')} />
      <div className="harvest-form__row">
        <FormNumber name="quantity" label={t('harvests.form.quantity')} inputMode="decimal" step="any" min={0} placeholder={t('harvests.form.optional')} />
        <FormSelect name="unit" label={t('harvests.form.unit')}>
          <option value="">{t('harvests.form.noUnit')}</option>
          {harvestUnitsFor(HARVEST_UNITS, system).map((u) => (
            <option key={u} value={u}>
              {unitName(u)}
            </option>
          ))}
        </FormSelect>
      </div>
      <p className="harvest-form__hint">
        {t('harvests.form.hint', { mass: totalUnit('mass', system), system })}
      </p>
      <BedField currentBed={currentBed} />
      <FormTextarea name="notes" label={t('harvests.form.notes')} rows={4} placeholder={t('harvests.form.notesPlaceholder')} />
      <Controller
        control={form.control}
        name="imageUrl"
        render={({ field, fieldState }) => (
          <ImageField
            label={t('harvests.form.photo')}
            emptyText={t('harvests.form.photoEmpty')}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
            onBusyChange={setUploading}
          />
        )}
      />
      <div className="harvest-form__actions">
        <Link className={buttonClass('outline')} to={cancelTo}>
          {t('harvests.form.cancel')}
        </Link>
        <Button type="submit" loading={form.formState.isSubmitting} disabled={uploading}>
          {form.formState.isSubmitting ? t('harvests.form.saving') : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
