import { Send } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useSendTestNotification } from '@/api/notifications/send-test-notification';
import { TEST_NOTIFICATION_TYPES, type TestNotificationType } from '@/api/types';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { channelSummary } from './channel-summary';

/** The test types' names: keys of the settings catalogue. */
export const TEST_TYPE_LABELS: Record<TestNotificationType, MessageKey> = {
  care_task: 'settings.test.careTask',
  forum_reply: 'settings.test.forumReply',
  plant_listing_interest: 'settings.test.listingInterest',
  expert_answer: 'settings.test.expertAnswer',
  harvest_reminder: 'settings.test.harvestReminder',
};

/**
 * TestNotification: sends one sample of the chosen type to the caller through every channel
 * they enabled (POST /api/notifications/test) and says what each channel did.
 */
export function TestNotification() {
  const [type, setType] = useState<TestNotificationType>('care_task');
  const [summary, setSummary] = useState<string | null>(null);
  const { trigger, isMutating } = useSendTestNotification();
  const { toast } = useToast();
  const t = useT();

  const send = async () => {
    try {
      const result = await trigger(type);
      const text = result ? channelSummary(result) : '';
      setSummary(text || null);
      toast({ title: t('settings.test.sent'), description: text || undefined, variant: 'success' });
    } catch (error) {
      setSummary(null);
      toast({ title: t('settings.test.failed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
    }
  };

  return (
    <div className="channels__test">
      <div className="channels__test-row">
        <SelectField
          label={t('settings.test.type')}
          value={type}
          onChange={(event) => setType(event.target.value as TestNotificationType)}
        >
          {TEST_NOTIFICATION_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {t(TEST_TYPE_LABELS[kind])}
            </option>
          ))}
        </SelectField>
        <Button variant="outline" loading={isMutating} icon={<Send size={16} aria-hidden="true" />} onClick={() => void send()}>
          {t('settings.test.send')}
        </Button>
      </div>
      {summary ? (
        <p className="channels__muted" role="status">
          {summary}
        </p>
      ) : null}
    </div>
  );
}
