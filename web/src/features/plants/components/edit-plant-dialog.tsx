import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { editPlantDefaults, editPlantSchema, toPlantPatch, type EditPlantValues } from '@/api/plants/plant-schema';
import { useUpdatePlant } from '@/api/plants/update-plant';
import type { Plant } from '@/api/types';
import { LightNeedsSelect, PlantTypeSelect } from '@/components/add-plant/plant-fields';
import { ImageField } from '@/components/image-field/image-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Form, FormCheckbox, FormDate, FormInput, FormNumber, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';

const SAVE_FAILED = { title: 'Error', description: 'There was a problem saving your plant. Please try again.', variant: 'destructive' } as const;

function EditPlantForm({
  plant,
  formId,
  onDone,
  onPendingChange,
  onImageBusyChange,
}: {
  plant: Plant;
  formId: string;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
  onImageBusyChange: (busy: boolean) => void;
}) {
  const [today] = useState(todayKey);
  const form = useZodForm(editPlantSchema, { defaultValues: editPlantDefaults(plant) });
  const update = useUpdatePlant();
  const { toast } = useToast();
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });

  const onSubmit = async (values: EditPlantValues) => {
    onPendingChange(true);
    try {
      await update.trigger({ id: plant.id, patch: toPlantPatch(values, plant) });
      toast({ title: 'Plant updated', description: `${values.name} was saved.`, variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() => toast(SAVE_FAILED)}>
      <div className="form-grid form-grid--2">
        <FormInput name="name" label="Plant name" autoComplete="off" />
        <FormInput name="species" label="Species" autoComplete="off" />
        <PlantTypeSelect />
        <LightNeedsSelect />
        <FormNumber name="waterFrequency" label="Water every (days)" min={1} max={365} step={1} />
        <FormNumber name="fertilizerFrequency" label="Fertilize every (days)" min={1} max={365} step={1} />
        <FormDate name="lastWatered" label="Last watered" max={today} />
        <FormDate name="lastFertilized" label="Last fertilized" max={today} />
        <FormInput name="location" label="Location" placeholder="e.g. Kitchen window" />
        <FormCheckbox name="outdoor" label="Grows outdoors" description="Rain waters it; frost and heat warnings name it." />
        <FormDate name="acquiredDate" label="Acquired" />
        <FormNumber name="growthProgress" label="Growth progress (%)" min={0} max={100} step={5} />
      </div>
      <ImageField
        label="Plant photo"
        value={imageUrl ?? ''}
        error={form.formState.errors.imageUrl?.message}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        onBusyChange={onImageBusyChange}
      />
      <FormTextarea name="notes" label="Notes" rows={4} />
    </Form>
  );
}

/**
 * EditPlantDialog: the plant form filled in with the plant, saving every field through
 * PATCH /api/plants/{id} (the server validates by the same rules as a new plant). Opened from
 * the details page and the card menu.
 */
export function EditPlantDialog({ plant, open, onOpenChange }: { plant: Plant; open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setPending(false);
          setImageBusy(false);
        }
        onOpenChange(next);
      }}
      title="Edit Plant"
      description={`Change anything about ${plant.name}; the care schedule follows the dates and intervals.`}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={imageBusy}>
            {pending ? 'Saving…' : 'Save Changes'}
          </Button>
        </>
      }
    >
      {open ? (
        <EditPlantForm plant={plant} formId={formId} onDone={() => onOpenChange(false)} onPendingChange={setPending} onImageBusyChange={setImageBusy} />
      ) : null}
    </Dialog>
  );
}
