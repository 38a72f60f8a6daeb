import { useCallback, useEffect, useState } from 'react';
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
import { i18n } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { growthStageLabel } from './growth-stage';

/**
 * useSharedTexts: the dashboard (core catalogue only) opens this dialog too, so the dialog loads
 * the shared area's texts itself when they are not there yet (an area's page has them already).
 */
function useSharedTexts(): boolean {
  const present = () => Object.hasOwn(i18n.messages ?? {}, 'shared.journalEntry.add');
  const [ready, setReady] = useState(present);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void import('@/lib/i18n/areas')
      .then((m) => m.loadArea('shared'))
      .catch(() => undefined)
      .then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}

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
  const t = useT();

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
        toast({ title: t('shared.journalEntry.updated'), variant: 'success' });
      } else {
        await create.trigger({ ...values, userId: user?.id ?? null });
        toast({ title: t('shared.journalEntry.added'), variant: 'success' });
      }
      onDone();
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit} onSubmitError={() =>
        toast({ title: t('common.error'), description: t(entry ? 'shared.journalEntry.saveFailed' : 'shared.journalEntry.addFailed'), variant: 'destructive' })
      }>
      {preset ? null : (
        <FormPlantSelect />
      )}
      <FormInput name="title" label={t('shared.journalEntry.title')} placeholder={t('shared.journalEntry.titlePlaceholder')} autoComplete="off" />
      <div className="form-grid form-grid--2">
        <FormInput name="entryDate" label={t('shared.journalEntry.date')} type="date" />
        <FormSelect name="growthStage" label={t('shared.journalEntry.growthStage')}>
          <option value="">{t('shared.journalEntry.noStage')}</option>
          {GROWTH_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {growthStageLabel(stage)}
            </option>
          ))}
        </FormSelect>
      </div>
      <FormTextarea name="content" label={t('shared.journalEntry.notes')} placeholder={t('shared.journalEntry.notesPlaceholder')} rows={5} />
      <FormImageField name="imageUrl" label={t('shared.journalEntry.photo')} onBusyChange={onImageBusy} />
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
  const t = useT();
  if (!useSharedTexts()) return null;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(entry ? 'shared.journalEntry.edit' : 'shared.journalEntry.add')}
      description={
        entry
          ? t('shared.journalEntry.correct', { title: entry.title })
          : plantName
            ? t('shared.journalEntry.recordPlant', { name: plantName })
            : t('shared.journalEntry.record')
      }
      submitLabel={t(entry ? 'shared.journalEntry.saveChanges' : 'shared.journalEntry.save')}
      pendingLabel={t('shared.journalEntry.saving')}
    >
      {(body) => <JournalEntryForm {...body} plantId={plantId} entry={entry} />}
    </FormDialog>
  );
}
