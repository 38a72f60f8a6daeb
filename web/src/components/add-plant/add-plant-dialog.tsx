import { useCallback, useState } from 'react';
import { urls } from '@/api/keys';
import { useCreatePlant } from '@/api/plants/create-plant';
import { emptyPlantForm, plantSchema, toNewPlant, type PlantValues } from '@/api/plants/plant-schema';
import { isPlantLimitError, usePlantLimit } from '@/api/plants/get-plant-limit';
import { usePlantDatabaseSearch } from '@/api/plant-database/get-plant-database';
import { useRefresh } from '@/api/query';
import type { PlantDatabaseItem } from '@/api/types';
import { FormImageField } from '@/components/image-field/image-field';
import { applyServerErrors, Form, FormCheckbox, FormDate, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { SearchField } from '@/components/ui/search-field';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { prefillFromDatabase } from '@/lib/plant-prefill';
import { useDebounced } from '@/lib/use-debounced';
import { LightNeedsSelect, PlantTypeSelect } from './plant-fields';

const addFailed = () => ({ title: t('common.error'), description: t('plants.add.failed'), variant: 'destructive' }) as const;

/** limitReachedMessage is the toast text of a refused plant (spec 01 §8). */
export function limitReachedMessage(limit: number | null | undefined): string {
  return t('shared.plantLimit.text', { limit: limit ?? 0 });
}

/** How many plant database items the picker offers at once. */
const PICKER_SIZE = 50;

function AddPlantForm({ formId, onDone, onPendingChange, onBusyChange }: FormDialogBody) {
  const [today] = useState(todayKey);
  const form = useZodForm(plantSchema, { defaultValues: emptyPlantForm(today) });
  const [pickedId, setPickedId] = useState('');
  // Kept so the choice stays in the list when a new search no longer returns it.
  const [pickedItem, setPickedItem] = useState<PlantDatabaseItem | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  // The picker offers the first page of the database matching what is typed (the server searches).
  const [find, setFind] = useState('');
  const q = useDebounced(find.trim(), 250);
  const database = usePlantDatabaseSearch({ q, limit: PICKER_SIZE });
  const limit = usePlantLimit();
  const { trigger, isMutating } = useCreatePlant();
  const refresh = useRefresh();
  const { toast } = useToast();
  const t = useT();

  const onImageBusy = useCallback(
    (busy: boolean) => {
      setImageBusy(busy);
      onBusyChange(busy);
    },
    [onBusyChange],
  );

  const pick = (id: string) => {
    setPickedId(id);
    const item = database.data?.find((candidate) => String(candidate.id) === id);
    if (!item) return;
    setPickedItem(item);
    const prefill = prefillFromDatabase(item);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('name', prefill.name, options);
    form.setValue('species', prefill.species, options);
    form.setValue('plantType', prefill.plantType, options);
    form.setValue('lightNeeds', prefill.lightNeeds, options);
    form.setValue('waterFrequency', prefill.waterFrequency, options);
    form.setValue('fertilizerFrequency', prefill.fertilizerFrequency, options);
    form.setValue('notes', prefill.notes, options);
    if (prefill.imageUrl) form.setValue('imageUrl', prefill.imageUrl, options);
  };

  const onSubmit = async (values: PlantValues) => {
    if (isMutating || imageBusy) return;
    onPendingChange(true);
    try {
      const plant = await trigger(toNewPlant(values, pickedId ? Number(pickedId) : undefined));
      toast({ title: t('plants.add.added'), description: t('plants.add.addedText', { name: plant?.name ?? values.name }), variant: 'success' });
      onDone();
    } catch (error) {
      if (isPlantLimitError(error)) {
        // Both limit paths are refreshed (spec 01 §7); the toast names the fresh limit.
        void refresh((key) => key === urls.plantLimitAlt);
        const latest = await limit.mutate().catch(() => undefined);
        toast({
          title: t('shared.plantLimit.title'),
          description: limitReachedMessage(latest?.limit ?? limit.data?.limit),
          variant: 'destructive',
        });
        onDone();
        return;
      }
      applyServerErrors(form, error);
      toast(addFailed());
    } finally {
      onPendingChange(false);
    }
  };

  const items = database.data ?? [];
  const picked = pickedId && !items.some((item) => String(item.id) === pickedId) ? pickedItem : null;
  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit}>
      <div className="form-grid form-grid--2">
        <SearchField label={t('plants.add.find')} placeholder={t('plants.add.findHint')} value={find} onChange={setFind} />
        <SelectField
          label={t('plants.add.start')}
          value={pickedId}
          onChange={(event) => pick(event.target.value)}
          disabled={database.isLoading || (items.length === 0 && !picked)}
          hint={
            database.isLoading
              ? t('plants.add.dbLoading')
              : database.error
                ? t('plants.add.dbFailed')
                : items.length === 0
                  ? q
                    ? t('plants.add.noMatch', { q })
                    : t('plants.add.dbEmpty')
                  : t('plants.add.optional')
          }
        >
          <option value="">{database.isLoading ? t('plants.add.loading') : t('plants.add.choose')}</option>
          {picked ? (
            <option value={picked.id}>
              {picked.commonName}
              {picked.scientificName ? ` (${picked.scientificName})` : ''}
            </option>
          ) : null}
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.commonName}
              {item.scientificName ? ` (${item.scientificName})` : ''}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="form-grid form-grid--2">
        <FormInput name="name" label={t('plants.edit.name')} placeholder={t('plants.add.nameHint')} autoComplete="off" />
        <FormInput name="species" label={t('plants.edit.species')} placeholder={t('plants.add.speciesHint')} autoComplete="off" />
        <PlantTypeSelect />
        <LightNeedsSelect />
        <FormNumber name="waterFrequency" label={t('plants.edit.waterEvery')} min={1} max={365} step={1} />
        <FormNumber name="fertilizerFrequency" label={t('plants.edit.fertilizeEvery')} min={1} max={365} step={1} />
        <FormDate name="lastWatered" label={t('plants.edit.lastWatered')} max={today} description={t('plants.add.lastWateredHint')} />
        <FormDate name="lastFertilized" label={t('plants.edit.lastFertilized')} max={today} />
      </div>
      <FormInput name="location" label={t('plants.edit.location')} placeholder={t('plants.edit.locationHint')} />
      <FormCheckbox name="outdoor" label={t('plants.edit.outdoor')} description={t('plants.edit.outdoorText')} />
      <FormImageField name="imageUrl" label={t('plants.edit.photo')} onBusyChange={onImageBusy} />
      <FormTextarea name="notes" label={t('plants.edit.notes')} placeholder={t('plants.add.notesHint')} rows={4} />
    </Form>
  );
}

/**
 * AddPlantDialog: the Add New Plant form of spec 01 §5, with the plant database picker
 * (loaded when the dialog opens), the image field, and when the plant was last watered and
 * fertilized (today by default), so every new plant is on the schedule.
 */
export function AddPlantDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('plants.addNew')}
      description={t('plants.add.text')}
      size="lg"
      submitLabel={t('plants.add.submit')}
      pendingLabel={t('plants.add.adding')}
    >
      {(body) => <AddPlantForm {...body} />}
    </FormDialog>
  );
}
