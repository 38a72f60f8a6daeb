import { Send } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { getErrorMessage } from '@/api/client';
import { urls } from '@/api/keys';
import { useApiQuery } from '@/api/query';
import type { AdminNotification, NewNotification, NotificationTargetType } from '@/api/types';
import { FormServerPicker, FormSitePicker } from '@/components/server-picker/form-server-picker';
import { userSource } from '@/components/server-picker/sources';
import { Button } from '@/components/ui/button';
import { Form, FormInput, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { displayName } from '@/lib/format';
import { useSendNotification } from '../api/send-notification';
import { CONTENT_MAX, EMPTY_NOTIFICATION_FORM, TITLE_MAX, notificationSchema } from '../api/notification-schema';

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

const TARGET_USERS = userSource({
  admin: true,
  active: true,
  option: (user) => ({ id: user.id, label: `${displayName(user)} (@${user.username})`, detail: user.email || undefined }),
});

/**
 * TargetPicker: the site or the active user a notification goes to — the shared server
 * picker over /api/admin/sites or /api/admin/users?active=true, searched on the server a page
 * at a time, so the console never reads every user.
 */
function TargetPicker({ targetType }: { targetType: 'site' | 'user' }) {
  return (
    <div className="notification-form__picker">
      {targetType === 'site' ? (
        <FormSitePicker name="targetId" description="Everyone who belongs to the site gets it." />
      ) : (
        <FormServerPicker
          name="targetId"
          fieldLabel="User"
          description="Only this person gets it."
          source={TARGET_USERS}
          label="Users"
          noun="users"
          searchLabel="Search users"
          searchPlaceholder="Name, username or e-mail"
          placeholder="Select a user"
          fallbackLabel={(id) => `User ${id}`}
        />
      )}
    </div>
  );
}

/** Audience: how many active users the chosen target reaches now, counted on the server. */
function Audience({ targetType, targetId }: { targetType: NotificationTargetType; targetId: string }) {
  const ready = targetType === 'global' || Boolean(targetId);
  const count = useApiQuery<{ recipientCount: number }>(ready ? urls.notificationAudience(targetType, targetId || undefined) : null);
  if (!ready || count.data === undefined) return null;
  const n = count.data.recipientCount;
  return (
    <p className="notification-form__audience" aria-live="polite">
      Reaches {n.toLocaleString()} active {n === 1 ? 'user' : 'users'} now.
    </p>
  );
}

/**
 * SendNotificationForm (Send Notifications tab): title, content, the target type (global,
 * site or user) with a site or user picked from the admin lists — reset when the type
 * changes — and optional data as JSON (spec 02 §5).
 */
export function SendNotificationForm({ onSent }: { onSent?: (sent: AdminNotification) => void }) {
  const form = useZodForm(notificationSchema, { defaultValues: EMPTY_NOTIFICATION_FORM });
  const [targetType, content, targetId] = useWatch({ control: form.control, name: ['targetType', 'content', 'targetId'] });
  const { trigger, isMutating } = useSendNotification();
  const { toast } = useToast();

  const submit = async (input: NewNotification) => {
    if (isMutating) return;
    const sent = await trigger(input);
    toast({
      title: 'Notification sent',
      description: `“${sent?.title ?? input.title}” was sent to ${audience(sent ?? { targetType: input.targetType, targetName: '' })}.`,
      variant: 'success',
    });
    form.reset(EMPTY_NOTIFICATION_FORM);
    if (sent) onSent?.(sent);
  };

  const failed = (error: unknown) =>
    toast({ title: SEND_FAILED, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });

  return (
    <Form form={form} className="notification-form" onSubmit={submit} onSubmitError={failed} aria-label="Send a notification">
      <FormInput name="title" label="Title" maxLength={TITLE_MAX} autoComplete="off" placeholder="North plot water cut on Friday" />
      <FormTextarea
        name="content"
        label="Content"
        rows={4}
        maxLength={CONTENT_MAX}
        placeholder="Water your beds on Thursday evening; the taps are off all day Friday."
        description={`${(content ?? '').trim().length} / ${CONTENT_MAX} characters`}
      />
      <div className="notification-form__target">
        <div className="notification-form__picker">
          <FormSelect
            name="targetType"
            label="Target type"
            // A new type starts with no site or user chosen (spec 02 §5).
            onChange={() => form.setValue('targetId', '')}
          >
            {TARGET_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </FormSelect>
          <Audience targetType={targetType} targetId={String(targetId ?? '')} />
        </div>
        {targetType === 'site' || targetType === 'user' ? <TargetPicker key={targetType} targetType={targetType} /> : null}
      </div>
      <FormTextarea
        name="data"
        label="Data (optional JSON)"
        rows={3}
        className="notification-form__json"
        spellCheck={false}
        placeholder='{"url": "/schedule"}'
        description='A JSON object sent with the notification. A "url" that is a path of the app, such as "/schedule", opens that page when the notification is clicked.'
      />
      <div className="notification-form__actions">
        <Button type="submit" loading={isMutating} icon={<Send size={18} aria-hidden="true" />}>
          {isMutating ? 'Sending…' : 'Send Notification'}
        </Button>
      </div>
    </Form>
  );
}
