import { Globe } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { User } from '@/api/types';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { timeZoneNames } from '@/lib/time-zone';

/** hourText: "07:00", an hour of the day as a time. */
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

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
  const t = useT();
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
      toast({ title: t('settings.timeZone.saved'), description: t('settings.timeZone.savedText', { zone }), variant: 'success' });
    } catch (err) {
      setValue(before);
      setError(getErrorMessage(err, t('settings.timeZone.saveFailed')));
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
        title: t('settings.timeZone.hourSaved'),
        description: next === '' ? t('settings.timeZone.usualHourText') : t('settings.timeZone.hourText', { hour: hourText(Number(next)) }),
        variant: 'success',
      });
    } catch (err) {
      setHour(before);
      setHourError(getErrorMessage(err, t('settings.timeZone.hourFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card aria-labelledby="time-zone-title">
      <CardHeader
        icon={<Globe size={18} />}
        title={<span id="time-zone-title">{t('settings.timeZone.title')}</span>}
        description={t('settings.timeZone.description')}
      />
      <CardBody>
        <SelectField
          label={t('settings.timeZone.label')}
          value={value}
          error={error}
          disabled={saving}
          onChange={(e) => void onChange(e.target.value)}
        >
          {value === '' ? <option value="">{t('settings.timeZone.notSet')}</option> : null}
          {timeZoneNames(user.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        {saveHour ? (
          <SelectField label={t('settings.timeZone.hour')} value={hour} error={hourError} disabled={saving} onChange={(e) => void onHour(e.target.value)}>
            <option value="">{t('settings.timeZone.usualHour')}</option>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={String(h)}>
                {hourText(h)}
              </option>
            ))}
          </SelectField>
        ) : null}
      </CardBody>
    </Card>
  );
}
