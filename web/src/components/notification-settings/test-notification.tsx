import { Send } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { useSendTestNotification } from '@/api/notifications/send-test-notification';
import { TEST_NOTIFICATION_TYPES, type TestNotificationType } from '@/api/types';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { channelSummary } from './channel-summary';

export const TEST_TYPE_LABELS: Record<TestNotificationType, string> = {
  care_task: 'Care task',
  forum_reply: 'Forum reply',
  plant_listing_interest: 'Plant listing interest',
  expert_answer: 'Expert answer',
  harvest_reminder: 'Harvest reminder',
};

export const TEST_FAILED = 'Failed to send test notification';

/**
 * TestNotification: sends one sample of the chosen type to the caller through every channel
 * they enabled (POST /api/notifications/test) and says what each channel did.
 */
export function TestNotification() {
  const [type, setType] = useState<TestNotificationType>('care_task');
  const [summary, setSummary] = useState<string | null>(null);
  const { trigger, isMutating } = useSendTestNotification();
  const { toast } = useToast();

  const send = async () => {
    try {
      const result = await trigger(type);
      const text = result ? channelSummary(result) : '';
      setSummary(text || null);
      toast({ title: 'Test notification sent', description: text || undefined, variant: 'success' });
    } catch (error) {
      setSummary(null);
      toast({ title: TEST_FAILED, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <div className="channels__test">
      <div className="channels__test-row">
        <SelectField
          label="Test notification type"
          value={type}
          onChange={(event) => setType(event.target.value as TestNotificationType)}
        >
          {TEST_NOTIFICATION_TYPES.map((t) => (
            <option key={t} value={t}>
              {TEST_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <Button variant="outline" loading={isMutating} icon={<Send size={16} aria-hidden="true" />} onClick={() => void send()}>
          Send test notification
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
