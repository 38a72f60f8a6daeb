import { Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, getErrorMessage, getFieldErrors } from '@/api/client';
import type { AdminNotification, NotificationTargetType } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { displayName } from '@/lib/format';
import { useAdminSites } from '@/api/sites/get-admin-sites';
import { useAdminUsers } from '../api/get-admin-users';
import { useSendNotification } from '../api/send-notification';
import {
  CONTENT_MAX,
  EMPTY_NOTIFICATION_FORM,
  TITLE_MAX,
  validateNotification,
  type NotificationFormErrors,
  type NotificationFormValues,
} from './validate-notification';

export const SEND_FAILED = 'Failed to send notification';

const TARGET_OPTIONS: { value: NotificationTargetType; label: string }[] = [
  { value: 'global', label: 'Global — every user' },
  { value: 'site', label: 'Site — the users of one site' },
  { value: 'user', label: 'User — one person' },
];

/** audience: who a sent notification went to, for the success toast. */
export function audience(sent: Pick<AdminNotification, 'targetType' | 'targetName'>): string {
  if (sent.targetType === 'site') return `the users of ${sent.targetName || 'the site'}`;
  if (sent.targetType === 'user') return sent.targetName || 'the user';
  return 'every user';
}

function TargetPicker({
  targetType,
  value,
  error,
  onChange,
}: {
  targetType: 'site' | 'user';
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const sites = useAdminSites(targetType === 'site');
  const users = useAdminUsers(targetType === 'user');
  const query = targetType === 'site' ? sites : users;
  const options =
    targetType === 'site'
      ? (sites.data ?? []).map((s) => ({ id: s.id, label: s.name }))
      : (users.data ?? [])
          .filter((u) => u.isActive !== false)
          .map((u) => ({ id: u.id, label: `${displayName(u)} (@${u.username})` }));
  options.sort((a, b) => a.label.localeCompare(b.label));
  const noun = targetType === 'site' ? 'site' : 'user';
  const loadError = query.error ? (targetType === 'site' ? 'Failed to load sites' : 'Failed to load user data') : undefined;
  return (
    <SelectField
      label={targetType === 'site' ? 'Site' : 'User'}
      name="targetId"
      value={value}
      error={error ?? loadError}
      disabled={query.isLoading || Boolean(query.error)}
      hint={
        query.isLoading
          ? `Loading ${noun}s…`
          : targetType === 'site'
            ? 'Everyone who belongs to the site gets it.'
            : 'Only this person gets it.'
      }
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{query.isLoading ? `Loading ${noun}s…` : `Select a ${noun}`}</option>
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * SendNotificationForm (Send Notifications tab): title, content, the target type (global,
 * site or user) with a site or user picked from the admin lists — reset when the type
 * changes — and optional data as JSON (spec 02 §5).
 */
export function SendNotificationForm({ onSent }: { onSent?: (sent: AdminNotification) => void }) {
  const [values, setValues] = useState<NotificationFormValues>(EMPTY_NOTIFICATION_FORM);
  const [errors, setErrors] = useState<NotificationFormErrors>({});
  const { trigger, isMutating } = useSendNotification();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  const set = (patch: Partial<NotificationFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof NotificationFormValues)[]) delete next[key];
      return next;
    });
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    const { errors: found, input } = validateNotification(values);
    setErrors(found);
    if (!input) {
      focusFirstError();
      return;
    }
    try {
      const sent = await trigger(input);
      toast({
        title: 'Notification sent',
        description: `“${sent?.title ?? input.title}” was sent to ${audience(sent ?? { targetType: input.targetType, targetName: '' })}.`,
        variant: 'success',
      });
      setValues(EMPTY_NOTIFICATION_FORM);
      setErrors({});
      if (sent) onSent?.(sent);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = getFieldErrors(error);
        setErrors({
          title: fields.title,
          content: fields.content,
          targetType: fields.targetType,
          targetId: fields.targetId,
          data: fields.data,
        });
        focusFirstError();
      }
      toast({ title: SEND_FAILED, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <form ref={formRef} className="notification-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Send a notification">
      <Field
        label="Title"
        name="title"
        value={values.title}
        maxLength={TITLE_MAX}
        autoComplete="off"
        placeholder="North plot water cut on Friday"
        error={errors.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextareaField
        label="Content"
        name="content"
        rows={4}
        value={values.content}
        maxLength={CONTENT_MAX}
        placeholder="Water your beds on Thursday evening; the taps are off all day Friday."
        error={errors.content}
        hint={`${values.content.trim().length} / ${CONTENT_MAX} characters`}
        onChange={(event) => set({ content: event.target.value })}
      />
      <div className="notification-form__target">
        <SelectField
          label="Target type"
          name="targetType"
          value={values.targetType}
          error={errors.targetType}
          onChange={(event) =>
            // A new type starts with no site or user chosen (spec 02 §5).
            set({ targetType: event.target.value as NotificationTargetType, targetId: '' })
          }
        >
          {TARGET_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        {values.targetType === 'site' || values.targetType === 'user' ? (
          <TargetPicker
            key={values.targetType}
            targetType={values.targetType}
            value={values.targetId}
            error={errors.targetId}
            onChange={(targetId) => set({ targetId })}
          />
        ) : null}
      </div>
      <TextareaField
        label="Data (optional JSON)"
        name="data"
        rows={3}
        className="notification-form__json"
        value={values.data}
        spellCheck={false}
        placeholder='{"url": "/schedule"}'
        error={errors.data}
        hint='A JSON object sent with the notification. A "url" that is a path of the app, such as "/schedule", opens that page when the notification is clicked.'
        onChange={(event) => set({ data: event.target.value })}
      />
      <div className="notification-form__actions">
        <Button type="submit" loading={isMutating} icon={<Send size={18} aria-hidden="true" />}>
          {isMutating ? 'Sending…' : 'Send Notification'}
        </Button>
      </div>
    </form>
  );
}
