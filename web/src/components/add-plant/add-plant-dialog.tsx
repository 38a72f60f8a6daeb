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
import { prefillFromDatabase } from '@/lib/plant-prefill';
import { useDebounced } from '@/lib/use-debounced';
import { LightNeedsSelect, PlantTypeSelect } from './plant-fields';

const ADD_FAILED = {
  title: 'Error',
  description: 'There was a problem adding your plant. Please try again.',
  variant: 'destructive',
} as const;

/** limitReachedMessage is the toast text of a refused plant (spec 01 §8). */
export function limitReachedMessage(limit: number | null | undefined): string {
  return `You have reached your plant limit (${limit ?? 0} plants). Please remove plants or contact your site administrator.`;
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
      toast({ title: 'Plant added', description: `${plant?.name ?? values.name} is now in your garden.`, variant: 'success' });
      onDone();
    } catch (error) {
      if (isPlantLimitError(error)) {
        // Both limit paths are refreshed (spec 01 §7); the toast names the fresh limit.
        void refresh((key) => key === urls.plantLimitAlt);
        const latest = await limit.mutate().catch(() => undefined);
        toast({
          title: 'Plant Limit Reached',
          description: limitReachedMessage(latest?.limit ?? limit.data?.limit),
          variant: 'destructive',
        });
        onDone();
        return;
      }
      applyServerErrors(form, error);
      toast(ADD_FAILED);
    } finally {
      onPendingChange(false);
    }
  };

  const items = database.data ?? [];
  const picked = pickedId && !items.some((item) => String(item.id) === pickedId) ? pickedItem : null;
  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit}>
      <div className="form-grid form-grid--2">
        <SearchField label="Find in the plant database" placeholder="Name or scientific name" value={find} onChange={setFind} />
        <SelectField
          label="Start from the plant database"
          value={pickedId}
          onChange={(event) => pick(event.target.value)}
          disabled={database.isLoading || (items.length === 0 && !picked)}
          hint={
            database.isLoading
              ? 'Loading plant database…'
              : database.error
                ? 'Failed to load plant database items'
                : items.length === 0
                  ? q
                    ? `Nothing in the plant database matches “${q}”.`
                    : 'The plant database is empty.'
                  : 'Optional: fills in the care details for you.'
          }
        >
          <option value="">{database.isLoading ? 'Loading…' : 'Choose a plant (optional)'}</option>
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
        <FormInput name="name" label="Plant name" placeholder="e.g. Sweet Basil" autoComplete="off" />
        <FormInput name="species" label="Species" placeholder="e.g. Ocimum basilicum" autoComplete="off" />
        <PlantTypeSelect />
        <LightNeedsSelect />
        <FormNumber name="waterFrequency" label="Water every (days)" min={1} max={365} step={1} />
        <FormNumber name="fertilizerFrequency" label="Fertilize every (days)" min={1} max={365} step={1} />
        <FormDate name="lastWatered" label="Last watered" max={today} description="Today, or the day you last watered it." />
        <FormDate name="lastFertilized" label="Last fertilized" max={today} />
      </div>
      <FormInput name="location" label="Location" placeholder="e.g. Kitchen window" />
      <FormCheckbox name="outdoor" label="Grows outdoors" description="Rain waters it; frost and heat warnings name it." />
      <FormImageField name="imageUrl" label="Plant photo" onBusyChange={onImageBusy} />
      <FormTextarea name="notes" label="Notes" placeholder="Anything worth remembering about this plant" rows={4} />
    </Form>
  );
}

/**
 * AddPlantDialog: the Add New Plant form of spec 01 §5, with the plant database picker
 * (loaded when the dialog opens), the image field, and when the plant was last watered and
 * fertilized (today by default), so every new plant is on the schedule.
 */
export function AddPlantDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Plant"
      description="Add a plant to your garden. Start from the plant database or fill in the details yourself."
      size="lg"
      submitLabel="Add Plant"
      pendingLabel="Adding…"
    >
      {(body) => <AddPlantForm {...body} />}
    </FormDialog>
  );
}
