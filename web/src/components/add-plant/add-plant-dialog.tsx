import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { getFieldErrors } from '@/api/client';
import { urls } from '@/api/keys';
import { useCreatePlant } from '@/api/plants/create-plant';
import { isPlantLimitError, usePlantLimit } from '@/api/plants/get-plant-limit';
import { usePlantDatabase } from '@/api/plant-database/get-plant-database';
import { useRefresh } from '@/api/query';
import { PLANT_TYPES } from '@/api/types';
import { ImageField } from '@/components/image-field/image-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { LIGHT_NEEDS } from '@/lib/care';
import { prefillFromDatabase } from '@/lib/plant-prefill';
import { emptyPlantForm, toNewPlant, validatePlant, type PlantFormErrors, type PlantFormValues } from './validate-plant';

const ADD_FAILED = {
  title: 'Error',
  description: 'There was a problem adding your plant. Please try again.',
  variant: 'destructive',
} as const;

/** limitReachedMessage is the toast text of a refused plant (spec 01 §8). */
export function limitReachedMessage(limit: number | null | undefined): string {
  return `You have reached your plant limit (${limit ?? 0} plants). Please remove plants or contact your site administrator.`;
}

function AddPlantForm({
  formId,
  onDone,
  onSubmittingChange,
  onImageBusyChange,
}: {
  formId: string;
  onDone: () => void;
  onSubmittingChange: (submitting: boolean) => void;
  onImageBusyChange: (busy: boolean) => void;
}) {
  const [values, setValues] = useState<PlantFormValues>(emptyPlantForm);
  const [errors, setErrors] = useState<PlantFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pickedId, setPickedId] = useState('');
  const [imageBusy, setImageBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const database = usePlantDatabase(true);
  const limit = usePlantLimit();
  const { trigger, isMutating } = useCreatePlant();
  const refresh = useRefresh();
  const { toast } = useToast();

  const set = (patch: Partial<PlantFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validatePlant(next));
  };

  const onImageBusy = useCallback(
    (busy: boolean) => {
      setImageBusy(busy);
      onImageBusyChange(busy);
    },
    [onImageBusyChange],
  );

  const pick = (id: string) => {
    setPickedId(id);
    const item = database.data?.find((candidate) => String(candidate.id) === id);
    if (!item) return;
    const prefill = prefillFromDatabase(item);
    set({
      name: prefill.name,
      species: prefill.species,
      plantType: prefill.plantType,
      lightNeeds: prefill.lightNeeds,
      waterFrequency: String(prefill.waterFrequency),
      fertilizerFrequency: String(prefill.fertilizerFrequency),
      notes: prefill.notes,
      imageUrl: prefill.imageUrl || values.imageUrl,
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating || imageBusy) return;
    setSubmitted(true);
    const found = validatePlant(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.name) nameRef.current?.focus();
      return;
    }
    onSubmittingChange(true);
    try {
      const plant = await trigger(toNewPlant(values, pickedId ? Number(pickedId) : undefined));
      toast({ title: 'Plant added', description: `${plant?.name ?? values.name.trim()} is now in your garden.`, variant: 'success' });
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
      const fields = getFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields as PlantFormErrors);
      toast(ADD_FAILED);
    } finally {
      onSubmittingChange(false);
    }
  };

  const items = database.data ?? [];
  return (
    <form id={formId} className="form-stack" onSubmit={onSubmit} noValidate>
      <SelectField
        label="Start from the plant database"
        value={pickedId}
        onChange={(event) => pick(event.target.value)}
        disabled={database.isLoading || items.length === 0}
        hint={
          database.isLoading
            ? 'Loading plant database…'
            : database.error
              ? 'Failed to load plant database items'
              : items.length === 0
                ? 'The plant database is empty.'
                : 'Optional: fills in the care details for you.'
        }
      >
        <option value="">{database.isLoading ? 'Loading…' : 'Choose a plant (optional)'}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.commonName}
            {item.scientificName ? ` (${item.scientificName})` : ''}
          </option>
        ))}
      </SelectField>
      <div className="form-grid form-grid--2">
        <Field
          ref={nameRef}
          label="Plant name"
          name="name"
          placeholder="e.g. Sweet Basil"
          value={values.name}
          error={errors.name}
          onChange={(e) => set({ name: e.target.value })}
          autoComplete="off"
        />
        <Field
          label="Species"
          name="species"
          placeholder="e.g. Ocimum basilicum"
          value={values.species}
          error={errors.species}
          onChange={(e) => set({ species: e.target.value })}
          autoComplete="off"
        />
        <SelectField
          label="Plant type"
          name="plantType"
          value={values.plantType}
          error={errors.plantType}
          onChange={(e) => set({ plantType: e.target.value })}
        >
          {PLANT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Light needs"
          name="lightNeeds"
          value={values.lightNeeds}
          error={errors.lightNeeds}
          onChange={(e) => set({ lightNeeds: e.target.value })}
        >
          <option value="">Not set</option>
          {LIGHT_NEEDS.map((light) => (
            <option key={light} value={light}>
              {light}
            </option>
          ))}
          {values.lightNeeds && !(LIGHT_NEEDS as readonly string[]).includes(values.lightNeeds) ? (
            <option value={values.lightNeeds}>{values.lightNeeds}</option>
          ) : null}
        </SelectField>
        <Field
          label="Water every (days)"
          name="waterFrequency"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          value={values.waterFrequency}
          error={errors.waterFrequency}
          onChange={(e) => set({ waterFrequency: e.target.value })}
        />
        <Field
          label="Fertilize every (days)"
          name="fertilizerFrequency"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          value={values.fertilizerFrequency}
          error={errors.fertilizerFrequency}
          onChange={(e) => set({ fertilizerFrequency: e.target.value })}
        />
      </div>
      <Field
        label="Location"
        name="location"
        placeholder="e.g. Kitchen window"
        value={values.location}
        error={errors.location}
        onChange={(e) => set({ location: e.target.value })}
      />
      <ImageField
        label="Plant photo"
        value={values.imageUrl}
        error={errors.imageUrl}
        onChange={(imageUrl) => set({ imageUrl })}
        onBusyChange={onImageBusy}
      />
      <TextareaField
        label="Notes"
        name="notes"
        placeholder="Anything worth remembering about this plant"
        value={values.notes}
        error={errors.notes}
        onChange={(e) => set({ notes: e.target.value })}
        rows={4}
      />
    </form>
  );
}

/**
 * AddPlantDialog: the Add New Plant form of spec 01 §5, with the plant database picker
 * (loaded when the dialog opens) and the image field.
 */
export function AddPlantDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSubmitting(false);
          setImageBusy(false);
        }
        onOpenChange(next);
      }}
      title="Add New Plant"
      description="Add a plant to your garden. Start from the plant database or fill in the details yourself."
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={imageBusy}>
            {submitting ? 'Adding…' : 'Add Plant'}
          </Button>
        </>
      }
    >
      {open ? (
        <AddPlantForm
          formId={formId}
          onDone={() => onOpenChange(false)}
          onSubmittingChange={setSubmitting}
          onImageBusyChange={setImageBusy}
        />
      ) : null}
    </Dialog>
  );
}
