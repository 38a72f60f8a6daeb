import { Fragment, useId, useState, type ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { Button } from './button';
import { Dialog } from './dialog';
import { useToast } from './toast';

/** What a form inside a FormDialog receives. */
export interface FormDialogBody {
  /** The id of the <form>; the footer's submit button points at it. */
  formId: string;
  /** Closes the dialog (after a successful save). */
  onDone: () => void;
  /** Tell the dialog a save is running (spinner on the submit button). */
  onPendingChange: (pending: boolean) => void;
  /** Tell the dialog the form cannot be sent yet (an upload is running): the submit button waits. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * FormDialog is a dialog holding one form, with Cancel and a submit button in the footer.
 * The form is mounted only while the dialog is open, so it starts fresh every time.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  size,
  submitLabel,
  pendingLabel,
  submitDisabled = false,
  lockWhilePending = false,
  formKey,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  submitLabel: string;
  /** The submit button's text while saving (default: submitLabel). */
  pendingLabel?: string;
  submitDisabled?: boolean;
  /** Keeps the dialog open (and Cancel disabled) while a save runs. */
  lockWhilePending?: boolean;
  /** Remounts the form when it changes (e.g. the record being edited). */
  formKey?: string | number;
  children: (body: FormDialogBody) => ReactNode;
}) {
  const t = useT();
  const formId = useId();
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = (next: boolean) => {
    if (!next && pending && lockWhilePending) return;
    if (!next) {
      setPending(false);
      setBusy(false);
    }
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="outline" disabled={pending && lockWhilePending} onClick={() => change(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={pending} disabled={submitDisabled || busy}>
            {pending && pendingLabel ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      {open ? (
        <Fragment key={formKey}>{children({ formId, onDone: () => onOpenChange(false), onPendingChange: setPending, onBusyChange: setBusy })}</Fragment>
      ) : null}
    </Dialog>
  );
}

/**
 * useFormDialogSubmit: the submit handler of a form in a FormDialog — the spinner while
 * `save` runs, the dialog closed after it succeeds. A failure propagates to the Form's
 * onSubmitError (and leaves the dialog open); `skip` ignores a second submit meanwhile.
 */
export function useFormDialogSubmit<T>({ onDone, onPendingChange }: FormDialogBody, save: (values: T) => Promise<unknown>, skip = false) {
  return async (values: T) => {
    if (skip) return;
    onPendingChange(true);
    try {
      await save(values);
      onDone();
    } finally {
      onPendingChange(false);
    }
  };
}

/**
 * useRecordSubmit: the handlers of a RecordFormDialog's form. `submit` updates the record
 * (or creates one when it is null) and toasts "{Noun} updated" / "{Noun} created";
 * `failed` (the Form's onSubmitError) toasts "Error updating {noun}" / "Error creating
 * {noun}" with the server's message, else "The {noun} could not be saved/created."
 */
export function useRecordSubmit<R, T>(
  body: FormDialogBody,
  {
    record,
    noun,
    create,
    update,
    name,
    created = (values) => translate('shared.record.addedText', { name: name(values) }),
    createFailure = translate('shared.record.createFailed', { noun: noun.toLocaleLowerCase() }),
    busy = false,
  }: {
    record: R | null;
    /** Capitalised, as in the dialog's title: "Site" (in the shown language). */
    noun: string;
    create: (values: T) => Promise<unknown>;
    update: (record: R, values: T) => Promise<unknown>;
    /** The record's name in the success toast. */
    name: (values: T) => string;
    /** The "created" toast's sentence (default "{name} was added."). */
    created?: (values: T) => string;
    /** The fallback sentence when creating fails (default "The {noun} could not be created. …"). */
    createFailure?: string;
    /** A save is running: a second submit is ignored. */
    busy?: boolean;
  },
) {
  const { toast } = useToast();
  const t = useT();
  const lower = noun.toLocaleLowerCase();
  const submit = useFormDialogSubmit<T>(
    body,
    async (values) => {
      if (record) {
        await update(record, values);
        toast({ title: t('shared.record.updated', { noun }), description: t('shared.record.savedText', { name: name(values) }), variant: 'success' });
      } else {
        await create(values);
        toast({ title: t('shared.record.created', { noun }), description: created(values), variant: 'success' });
      }
    },
    busy,
  );
  const failed = (error: unknown) =>
    toast({
      title: t(record ? 'shared.record.updateError' : 'shared.record.createError', { noun: lower }),
      description: getErrorMessage(error, record ? t('shared.record.saveFailed', { noun: lower }) : createFailure),
      variant: 'destructive',
    });
  return { submit, failed };
}

/**
 * useRecordDialog: the state of a page's add/edit dialog — edit(record) opens it on a record,
 * edit(null) to add one; spread `dialog` on the dialog with `record`.
 */
export function useRecordDialog<R>() {
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<R | null>(null);
  const edit = (next: R | null) => {
    setRecord(next);
    setOpen(true);
  };
  return { record, edit, dialog: { open, onOpenChange: setOpen } };
}

/** What the page gives an add/edit dialog: whether it is open, and how to close it. */
export interface RecordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * RecordFormDialog: the FormDialog that adds a record (record null: "Add {noun}") or edits
 * one ("Edit {noun}", "Save {noun}"), remounting its form for each record.
 */
export function RecordFormDialog<R extends { id: number }>({
  open,
  record,
  onOpenChange,
  noun,
  createLabel,
  description,
  size,
  children,
}: {
  open: boolean;
  /** The record to edit; null adds one. */
  record: R | null;
  onOpenChange: (open: boolean) => void;
  noun: string;
  /** The submit button's text when adding (default "Add {noun}"). */
  createLabel?: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  children: (body: FormDialogBody) => ReactNode;
}) {
  const t = useT();
  const add = t('shared.record.add', { noun });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={record ? t('shared.record.edit', { noun }) : add}
      description={description}
      size={size}
      submitLabel={record ? t('shared.record.save', { noun }) : (createLabel ?? add)}
      lockWhilePending
      formKey={record?.id ?? 'new'}
    >
      {children}
    </FormDialog>
  );
}
