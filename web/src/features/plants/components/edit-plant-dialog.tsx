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
import { useT } from '@/lib/i18n/provider';

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
  const t = useT();
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });

  const onSubmit = async (values: EditPlantValues) => {
    onPendingChange(true);
    try {
      await update.trigger({ id: plant.id, patch: toPlantPatch(values, plant) });
      toast({ title: t('plants.edit.updated'), description: t('plants.edit.updatedText', { name: values.name }), variant: 'success' });
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() => toast({ title: t('common.error'), description: t('plants.edit.failedText'), variant: 'destructive' })}>
      <div className="form-grid form-grid--2">
        <FormInput name="name" label={t('plants.edit.name')} autoComplete="off" />
        <FormInput name="species" label={t('plants.edit.species')} autoComplete="off" />
        <PlantTypeSelect />
        <LightNeedsSelect />
        <FormNumber name="waterFrequency" label={t('plants.edit.waterEvery')} min={1} max={365} step={1} />
        <FormNumber name="fertilizerFrequency" label={t('plants.edit.fertilizeEvery')} min={1} max={365} step={1} />
        <FormDate name="lastWatered" label={t('plants.edit.lastWatered')} max={today} />
        <FormDate name="lastFertilized" label={t('plants.edit.lastFertilized')} max={today} />
        <FormInput name="location" label={t('plants.edit.location')} placeholder={t('plants.edit.locationHint')} />
        <FormCheckbox name="outdoor" label={t('plants.edit.outdoor')} description={t('plants.edit.outdoorText')} />
        <FormDate name="acquiredDate" label={t('plants.edit.acquired')} />
        <FormNumber name="growthProgress" label={t('plants.edit.growth')} min={0} max={100} step={5} />
      </div>
      <ImageField
        label={t('plants.edit.photo')}
        value={imageUrl ?? ''}
        error={form.formState.errors.imageUrl?.message}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        onBusyChange={onImageBusyChange}
      />
      <FormTextarea name="notes" label={t('plants.edit.notes')} rows={4} />
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
  const t = useT();
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
      title={t('plants.edit.title')}
      description={t('plants.edit.text', { name: plant.name })}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('plants.edit.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={imageBusy}>
            {pending ? t('plants.edit.saving') : t('plants.edit.save')}
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
