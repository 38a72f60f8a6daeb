import { BellRing, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormSwitch, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { preferencesSchema, preferenceValuesFrom, type PreferenceValues } from '../api/preferences-schema';
import { SAVE_FAILED, SAVE_FAILED_TEXT } from './account-settings-card';

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
  const saving = form.formState.isSubmitting;
  const off = !form.watch('notifications');

  const submit = async (values: PreferenceValues) => {
    await save(values);
    toast({ title: 'Settings saved', description: 'The notification preferences have been updated.', variant: 'success' });
  };

  return (
    <Card aria-labelledby="notification-preferences-title">
      <CardHeader
        icon={<BellRing size={18} />}
        title={<span id="notification-preferences-title">Notification Preferences</span>}
        description="Choose what Garden tells you about."
      />
      <CardBody>
        <Form
          form={form}
          onSubmit={submit}
          onSubmitError={(error) =>
            toast({ title: SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED_TEXT), variant: 'destructive' })
          }
          className="form-stack"
          aria-label="Notification Preferences"
        >
          <div className="settings-switches">
            <FormSwitch name="notifications" label="Notifications" description="Receive notifications from Garden at all." />
            <FormSwitch name="email" label="Email notifications" description="Important updates by e-mail." disabled={off} />
            <FormSwitch
              name="careReminders"
              label="Care reminders"
              description="A daily reminder of the plants that need water, fertilizer or repotting."
              disabled={off}
            />
            <FormSwitch
              name="weeklyDigest"
              label="Weekly digest"
              description="A summary of your garden once a week."
              disabled={off}
            />
          </div>
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? 'Saving…' : 'Save Preferences'}
            </Button>
          </div>
        </Form>
        {children}
      </CardBody>
    </Card>
  );
}
