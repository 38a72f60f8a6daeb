import { Globe } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { timeZoneNames } from '@/lib/time-zone';

/**
 * TimeZoneCard: the gardener's time zone (PATCH /api/user/settings {timeZone}). "Today", due
 * and overdue care and the morning reminder follow it, wherever the server runs.
 */
export function TimeZoneCard({
  user,
  save,
  saveHour,
}: {
  user: User;
  save: (timeZone: string) => Promise<unknown>;
  saveHour?: (hour: number | null) => Promise<unknown>;
}) {
  const { toast } = useToast();
  const [value, setValue] = useState(user.timeZone || '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const onChange = async (zone: string) => {
    const before = value;
    setValue(zone);
    setError(undefined);
    setSaving(true);
    try {
      await save(zone);
      toast({ title: 'Time zone saved', description: `Your day now follows ${zone}.`, variant: 'success' });
    } catch (err) {
      setValue(before);
      setError(getErrorMessage(err, 'Could not save the time zone.'));
    } finally {
      setSaving(false);
    }
  };
  const [hour, setHour] = useState(user.reminderHour == null ? '' : String(user.reminderHour));
  const [hourError, setHourError] = useState<string | undefined>();
  const onHour = async (next: string) => {
    if (!saveHour) return;
    const before = hour;
    setHour(next);
    setHourError(undefined);
    setSaving(true);
    try {
      await saveHour(next === '' ? null : Number(next));
      toast({
        title: 'Reminder hour saved',
        description: next === '' ? 'Your care reminder comes at the usual hour.' : `Your care reminder comes at ${next.padStart(2, '0')}:00 your time.`,
        variant: 'success',
      });
    } catch (err) {
      setHour(before);
      setHourError(getErrorMessage(err, 'Could not save the reminder hour.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card aria-labelledby="time-zone-title">
      <CardHeader
        icon={<Globe size={18} />}
        title={<span id="time-zone-title">Time Zone</span>}
        description="Your day: what is due today, what is overdue, and when the morning reminder comes."
      />
      <CardBody>
        <SelectField
          label="Time zone"
          value={value}
          error={error}
          disabled={saving}
          onChange={(e) => void onChange(e.target.value)}
        >
          {value === '' ? <option value="">Not set (UTC)</option> : null}
          {timeZoneNames(user.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        {saveHour ? (
          <SelectField label="Care reminder hour" value={hour} error={hourError} disabled={saving} onChange={(e) => void onHour(e.target.value)}>
            <option value="">The usual hour (the server’s default)</option>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={String(h)}>
                {`${String(h).padStart(2, '0')}:00`}
              </option>
            ))}
          </SelectField>
        ) : null}
      </CardBody>
    </Card>
  );
}
