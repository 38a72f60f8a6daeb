import { BellRing, Save } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { getErrorMessage } from '@/api/client';
import type { NotificationPreferences, User, UserSettingsInput } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { SAVE_FAILED, SAVE_FAILED_TEXT } from './account-settings-card';

export interface PreferenceValues {
  notifications: boolean;
  email: boolean;
  careReminders: boolean;
  weeklyDigest: boolean;
}

/** Defaults of spec 02 §3: e-mail on, care reminders on, weekly digest off. */
export function preferenceValuesFrom(user: User): PreferenceValues {
  const prefs = user.notificationPreferences;
  return {
    notifications: user.preferences?.notifications ?? true,
    email: prefs?.email ?? true,
    careReminders: prefs?.careReminders ?? true,
    weeklyDigest: prefs?.weeklyDigest ?? false,
  };
}

/**
 * toPreferencesBody: preferences.notifications and the notification preferences. `push` is
 * the device permission's business (the notification channels card): it is sent back as the
 * server holds it right now, so saving here never undoes a change made there.
 */
export function toPreferencesBody(values: PreferenceValues, currentPush: boolean | null | undefined): UserSettingsInput {
  const notificationPreferences: NotificationPreferences = {
    email: values.email,
    push: currentPush ?? null,
    careReminders: values.careReminders,
    weeklyDigest: values.weeklyDigest,
  };
  return { preferences: { notifications: values.notifications }, notificationPreferences };
}

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
  const [values, setValues] = useState<PreferenceValues>(() => preferenceValuesFrom(user));
  const [saving, setSaving] = useState(false);
  const { toast } = useToast();
  const set = (patch: Partial<PreferenceValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await save(values);
      toast({ title: 'Settings saved', description: 'The notification preferences have been updated.', variant: 'success' });
    } catch (error) {
      toast({ title: SAVE_FAILED, description: getErrorMessage(error, SAVE_FAILED_TEXT), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const off = !values.notifications;
  return (
    <Card aria-labelledby="notification-preferences-title">
      <CardHeader
        icon={<BellRing size={18} />}
        title={<span id="notification-preferences-title">Notification Preferences</span>}
        description="Choose what Garden tells you about."
      />
      <CardBody>
        <form className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Notification Preferences">
          <div className="settings-switches">
            <Switch
              label="Notifications"
              description="Receive notifications from Garden at all."
              checked={values.notifications}
              onCheckedChange={(notifications) => set({ notifications })}
            />
            <Switch
              label="Email notifications"
              description="Important updates by e-mail."
              checked={values.email}
              disabled={off}
              onCheckedChange={(email) => set({ email })}
            />
            <Switch
              label="Care reminders"
              description="A daily reminder of the plants that need water, fertilizer or repotting."
              checked={values.careReminders}
              disabled={off}
              onCheckedChange={(careReminders) => set({ careReminders })}
            />
            <Switch
              label="Weekly digest"
              description="A summary of your garden once a week."
              checked={values.weeklyDigest}
              disabled={off}
              onCheckedChange={(weeklyDigest) => set({ weeklyDigest })}
            />
          </div>
          <div className="settings-actions">
            <Button type="submit" loading={saving} icon={<Save size={18} aria-hidden="true" />}>
              {saving ? 'Saving…' : 'Save Preferences'}
            </Button>
          </div>
        </form>
        {children}
      </CardBody>
    </Card>
  );
}
