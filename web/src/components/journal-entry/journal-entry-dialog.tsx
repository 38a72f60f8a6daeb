import { useCallback, useState } from 'react';
import { useCreateJournalEntry } from '@/api/journal/create-journal-entry';
import { journalEntrySchema } from '@/api/journal/journal-entry-schema';
import { useUpdateJournalEntry } from '@/api/journal/update-journal-entry';
import { GROWTH_STAGES, type JournalEntry, type NewJournalEntry } from '@/api/types';
import { FormImageField } from '@/components/image-field/image-field';
import { FormPlantSelect } from '@/components/plant-select';
import { Form, FormInput, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { useSession } from '@/lib/session';

const ADD_FAILED = {
  title: 'Error',
  description: 'There was a problem adding your journal entry. Please try again.',
  variant: 'destructive',
} as const;

const SAVE_FAILED = {
  title: 'Error',
  description: 'There was a problem saving your journal entry. Please try again.',
  variant: 'destructive',
} as const;

function JournalEntryForm({
  formId,
  plantId,
  entry,
  onDone,
  onPendingChange,
  onBusyChange,
}: FormDialogBody & { plantId?: number; entry?: JournalEntry }) {
  const preset = plantId !== undefined;
  const form = useZodForm(journalEntrySchema, {
    defaultValues: entry
      ? {
          plantId: String(entry.plantId),
          title: entry.title,
          content: entry.content ?? '',
          imageUrl: entry.imageUrl ?? '',
          growthStage: entry.growthStage ?? '',
          entryDate: entry.entryDate,
        }
      : {
          plantId: preset ? String(plantId) : '',
          title: '',
          content: '',
          imageUrl: '',
          growthStage: '',
          entryDate: todayKey(),
        },
  });
  const [imageBusy, setImageBusy] = useState(false);
  const { user } = useSession();
  const create = useCreateJournalEntry();
  const update = useUpdateJournalEntry();
  const isMutating = create.isMutating || update.isMutating;
  const { toast } = useToast();

  const onImageBusy = useCallback(
    (busy: boolean) => {
      setImageBusy(busy);
      onBusyChange(busy);
    },
    [onBusyChange],
  );

  const onSubmit = async (values: Omit<NewJournalEntry, 'userId'>) => {
    if (isMutating || imageBusy) return;
    onPendingChange(true);
    try {
      if (entry) {
        await update.trigger({ ...values, id: entry.id });
        toast({ title: 'Journal entry updated', variant: 'success' });
      } else {
        await create.trigger({ ...values, userId: user?.id ?? null });
        toast({ title: 'Journal entry added', variant: 'success' });
      }
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() => toast(entry ? SAVE_FAILED : ADD_FAILED)}>
      {preset ? null : (
        <FormPlantSelect />
      )}
      <FormInput name="title" label="Title" placeholder="e.g. First flowers" autoComplete="off" />
      <div className="form-grid form-grid--2">
        <FormInput name="entryDate" label="Date" type="date" />
        <FormSelect name="growthStage" label="Growth stage">
          <option value="">None</option>
          {GROWTH_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {stage}
            </option>
          ))}
        </FormSelect>
      </div>
      <FormTextarea name="content" label="Notes" placeholder="What changed? Height, leaves, flowers, pests…" rows={5} />
      <FormImageField name="imageUrl" label="Photo" onBusyChange={onImageBusy} />
    </Form>
  );
}

/**
 * JournalEntryDialog: add a growth journal entry (spec 01 §5), or, with `entry`, edit it with
 * the same fields and rules. With `plantId` the plant is preset and its picker hidden.
 */
export function JournalEntryDialog({
  open,
  onOpenChange,
  plantId,
  plantName,
  entry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plantId?: number;
  plantName?: string;
  entry?: JournalEntry;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={entry ? 'Edit Journal Entry' : 'Add Journal Entry'}
      description={
        entry ? `Correct “${entry.title}”.` : plantName ? `Record how ${plantName} is growing.` : "Record your plant's growth and progress."
      }
      submitLabel={entry ? 'Save Changes' : 'Save Entry'}
      pendingLabel="Saving…"
    >
      {(body) => <JournalEntryForm {...body} plantId={plantId} entry={entry} />}
    </FormDialog>
  );
}
