import { BellRing, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormSwitch, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { preferencesSchema, preferenceValuesFrom, type PreferenceValues } from '../api/preferences-schema';

/**
 * NotificationPreferencesCard: the notifications switch and the e-mail, care reminder and
 * weekly digest toggles, saved together. `save` receives the values; `children` come after
 * the toggles inside the card.
 */
export function NotificationPreferencesCard({
  user,
  save,
  children,
}: {
  user: User;
  save: (values: PreferenceValues) => Promise<unknown>;
  children?: ReactNode;
}) {
  const form = useZodForm(preferencesSchema, { defaultValues: preferenceValuesFrom(user) });
  const { toast } = useToast();
  const t = useT();
  const saving = form.formState.isSubmitting;
  const off = !form.watch('notifications');

  const submit = async (values: PreferenceValues) => {
    await save(values);
    toast({ title: t('settings.saved'), description: t('settings.notifications.savedText'), variant: 'success' });
  };

  return (
    <Card aria-labelledby="notification-preferences-title">
      <CardHeader
        icon={<BellRing size={18} />}
        title={<span id="notification-preferences-title">{t('settings.notifications.title')}</span>}
        description={t('settings.notifications.description')}
      />
      <CardBody>
        <Form
          form={form}
          onSubmit={submit}
          onSubmitError={(error) =>
            toast({ title: t('settings.saveFailed'), description: getErrorMessage(error, t('settings.saveFailedText')), variant: 'destructive' })
          }
          className="form-stack"
          aria-label={t('settings.notifications.title')}
        >
          <div className="settings-switches">
            <FormSwitch name="notifications" label={t('nav.notifications')} description={t('settings.notifications.allText')} />
            <FormSwitch name="email" label={t('settings.notifications.email')} description={t('settings.notifications.emailText')} disabled={off} />
            <FormSwitch
              name="careReminders"
              label={t('settings.notifications.care')}
              description={t('settings.notifications.careText')}
              disabled={off}
            />
            <FormSwitch
              name="weeklyDigest"
              label={t('settings.notifications.digest')}
              description={t('settings.notifications.digestText')}
              disabled={off}
            />
          </div>
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? t('settings.saving') : t('settings.notifications.save')}
            </Button>
          </div>
        </Form>
        {children}
      </CardBody>
    </Card>
  );
}
