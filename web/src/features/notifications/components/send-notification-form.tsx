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
import { t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useLocale, useT } from '@/lib/i18n/provider';
import { useSendNotification } from '../api/send-notification';
import { CONTENT_MAX, EMPTY_NOTIFICATION_FORM, TITLE_MAX, notificationSchema } from '../api/notification-schema';

/** The data field's example, JSON (the same in every language). */
const DATA_EXAMPLE = '{"url": "/schedule"}';

const TARGET_OPTIONS: { value: NotificationTargetType; label: MessageKey }[] = [
  { value: 'global', label: 'notifications.form.targetGlobal' },
  { value: 'site', label: 'notifications.form.targetSite' },
  { value: 'user', label: 'notifications.form.targetUser' },
];

/** sentText: the success toast's sentence, "“Title” was sent to the users of North Plot." */
export function sentText(title: string, sent: Pick<AdminNotification, 'targetType' | 'targetName'>): string {
  if (sent.targetType === 'site') {
    return sent.targetName
      ? translate('notifications.send.sentToSite', { title, name: sent.targetName })
      : translate('notifications.send.sentToTheSite', { title });
  }
  if (sent.targetType === 'user') {
    return sent.targetName
      ? translate('notifications.send.sentToUser', { title, name: sent.targetName })
      : translate('notifications.send.sentToTheUser', { title });
  }
  return translate('notifications.send.sentToEveryone', { title });
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
  const t = useT();
  return (
    <div className="notification-form__picker">
      {targetType === 'site' ? (
        <FormSitePicker name="targetId" label={t('notifications.form.site')} description={t('notifications.form.siteText')} />
      ) : (
        <FormServerPicker
          name="targetId"
          fieldLabel={t('notifications.form.user')}
          description={t('notifications.form.userText')}
          source={TARGET_USERS}
          label={t('notifications.form.users')}
          noun="users"
          searchLabel={t('notifications.form.searchUsers')}
          searchPlaceholder={t('notifications.form.searchPlaceholder')}
          placeholder={t('notifications.form.selectUser')}
          fallbackLabel={(id) => t('notifications.form.userFallback', { id })}
        />
      )}
    </div>
  );
}

/** Audience: how many active users the chosen target reaches now, counted on the server. */
function Audience({ targetType, targetId }: { targetType: NotificationTargetType; targetId: string }) {
  const ready = targetType === 'global' || Boolean(targetId);
  const count = useApiQuery<{ recipientCount: number }>(ready ? urls.notificationAudience(targetType, targetId || undefined) : null);
  const t = useT();
  const locale = useLocale();
  if (!ready || count.data === undefined) return null;
  const n = count.data.recipientCount;
  return (
    <p className="notification-form__audience" aria-live="polite">
      {t('notifications.form.reaches', { count: n, shown: n.toLocaleString(locale) })}
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
  const t = useT();

  const submit = async (input: NewNotification) => {
    if (isMutating) return;
    const sent = await trigger(input);
    toast({
      title: t('notifications.send.sent'),
      description: sentText(sent?.title ?? input.title, sent ?? { targetType: input.targetType, targetName: '' }),
      variant: 'success',
    });
    form.reset(EMPTY_NOTIFICATION_FORM);
    if (sent) onSent?.(sent);
  };

  const failed = (error: unknown) =>
    toast({ title: t('notifications.send.failed'), description: getErrorMessage(error, t('notifications.tryAgain')), variant: 'destructive' });

  return (
    <Form form={form} className="notification-form" onSubmit={submit} onSubmitError={failed} aria-label={t('notifications.send.form')}>
      <FormInput name="title" label={t('notifications.form.title')} maxLength={TITLE_MAX} autoComplete="off" placeholder={t('notifications.form.titlePlaceholder')} />
      <FormTextarea
        name="content"
        label={t('notifications.form.content')}
        rows={4}
        maxLength={CONTENT_MAX}
        placeholder={t('notifications.form.contentPlaceholder')}
        description={t('notifications.form.characters', { count: (content ?? '').trim().length, max: CONTENT_MAX })}
      />
      <div className="notification-form__target">
        <div className="notification-form__picker">
          <FormSelect
            name="targetType"
            label={t('notifications.form.targetType')}
            // A new type starts with no site or user chosen (spec 02 §5).
            onChange={() => form.setValue('targetId', '')}
          >
            {TARGET_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </FormSelect>
          <Audience targetType={targetType} targetId={String(targetId ?? '')} />
        </div>
        {targetType === 'site' || targetType === 'user' ? <TargetPicker key={targetType} targetType={targetType} /> : null}
      </div>
      <FormTextarea
        name="data"
        label={t('notifications.form.data')}
        rows={3}
        className="notification-form__json"
        spellCheck={false}
        placeholder={DATA_EXAMPLE}
        description={t('notifications.form.dataText')}
      />
      <div className="notification-form__actions">
        <Button type="submit" loading={isMutating} icon={<Send size={18} aria-hidden="true" />}>
          {isMutating ? t('notifications.send.sending') : t('notifications.send.submit')}
        </Button>
      </div>
    </Form>
  );
}
