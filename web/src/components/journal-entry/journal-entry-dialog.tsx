import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { getFieldErrors } from '@/api/client';
import { useCreateJournalEntry } from '@/api/journal/create-journal-entry';
import { usePlants } from '@/api/plants/get-plants';
import { GROWTH_STAGES } from '@/api/types';
import { ImageField } from '@/components/image-field/image-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { useSession } from '@/lib/session';
import {
  toNewJournalEntry,
  validateJournalEntry,
  type JournalFormErrors,
  type JournalFormValues,
} from './validate-journal-entry';

const ADD_FAILED = {
  title: 'Error',
  description: 'There was a problem adding your journal entry. Please try again.',
  variant: 'destructive',
} as const;

function JournalEntryForm({
  formId,
  plantId,
  onDone,
  onSubmittingChange,
  onImageBusyChange,
}: {
  formId: string;
  plantId?: number;
  onDone: () => void;
  onSubmittingChange: (submitting: boolean) => void;
  onImageBusyChange: (busy: boolean) => void;
}) {
  const preset = plantId !== undefined;
  const [values, setValues] = useState<JournalFormValues>(() => ({
    plantId: preset ? String(plantId) : '',
    title: '',
    content: '',
    imageUrl: '',
    growthStage: '',
    entryDate: todayKey(),
  }));
  const [errors, setErrors] = useState<JournalFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [imageBusy, setImageBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const plants = usePlants();
  const { user } = useSession();
  const { trigger, isMutating } = useCreateJournalEntry();
  const { toast } = useToast();

  const set = (patch: Partial<JournalFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateJournalEntry(next));
  };

  const onImageBusy = useCallback(
    (busy: boolean) => {
      setImageBusy(busy);
      onImageBusyChange(busy);
    },
    [onImageBusyChange],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating || imageBusy) return;
    setSubmitted(true);
    const found = validateJournalEntry(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.title && !found.plantId) titleRef.current?.focus();
      return;
    }
    onSubmittingChange(true);
    try {
      await trigger(toNewJournalEntry(values, user?.id ?? null));
      toast({ title: 'Journal entry added', variant: 'success' });
      onDone();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields as JournalFormErrors);
      toast(ADD_FAILED);
    } finally {
      onSubmittingChange(false);
    }
  };

  const plantList = plants.data ?? [];
  return (
    <form id={formId} className="form-stack" onSubmit={onSubmit} noValidate>
      {preset ? null : (
        <SelectField
          label="Plant"
          name="plantId"
          value={values.plantId}
          error={errors.plantId}
          disabled={plants.isLoading}
          hint={plants.error ? 'Your plants could not be loaded.' : plantList.length === 0 && !plants.isLoading ? 'Add a plant first.' : undefined}
          onChange={(e) => set({ plantId: e.target.value })}
        >
          <option value="">{plants.isLoading ? 'Loading plants…' : 'Select a plant'}</option>
          {plantList.map((plant) => (
            <option key={plant.id} value={plant.id}>
              {plant.name}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        ref={titleRef}
        label="Title"
        name="title"
        placeholder="e.g. First flowers"
        value={values.title}
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
        autoComplete="off"
      />
      <div className="form-grid form-grid--2">
        <Field
          label="Date"
          name="entryDate"
          type="date"
          value={values.entryDate}
          error={errors.entryDate}
          onChange={(e) => set({ entryDate: e.target.value })}
        />
        <SelectField
          label="Growth stage"
          name="growthStage"
          value={values.growthStage}
          error={errors.growthStage}
          onChange={(e) => set({ growthStage: e.target.value })}
        >
          <option value="">None</option>
          {GROWTH_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField
        label="Notes"
        name="content"
        placeholder="What changed? Height, leaves, flowers, pests…"
        value={values.content}
        error={errors.content}
        onChange={(e) => set({ content: e.target.value })}
        rows={5}
      />
      <ImageField
        label="Photo"
        value={values.imageUrl}
        error={errors.imageUrl}
        onChange={(imageUrl) => set({ imageUrl })}
        onBusyChange={onImageBusy}
      />
    </form>
  );
}

/**
 * JournalEntryDialog: add a growth journal entry (spec 01 §5). With `plantId` the plant
 * is preset and its picker hidden.
 */
export function JournalEntryDialog({
  open,
  onOpenChange,
  plantId,
  plantName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plantId?: number;
  plantName?: string;
}) {
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
      title="Add Journal Entry"
      description={plantName ? `Record how ${plantName} is growing.` : "Record your plant's growth and progress."}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={imageBusy}>
            {submitting ? 'Saving…' : 'Save Entry'}
          </Button>
        </>
      }
    >
      {open ? (
        <JournalEntryForm
          formId={formId}
          plantId={plantId}
          onDone={() => onOpenChange(false)}
          onSubmittingChange={setSubmitting}
          onImageBusyChange={setImageBusy}
        />
      ) : null}
    </Dialog>
  );
}
