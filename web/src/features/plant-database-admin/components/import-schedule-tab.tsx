import { CalendarClock, CloudOff, History, Power, PowerOff, RefreshCw, Save } from 'lucide-react';
import { useState } from 'react';
import { ApiError, getErrorMessage, getFieldErrors } from '@/api/client';
import type { ImportHistoryEntry, ImportSchedule } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { ListStates } from '@/components/ui/list-states';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { format, localDate, parseDate } from '@/lib/dates';
import { currentLocale, t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { SOURCE_LOCALE } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/provider';
import { useImportHistory } from '../api/get-import-history';
import { useImportSchedule } from '../api/get-import-schedule';
import { scheduleTimeSchema, useUpdateImportSchedule } from '../api/update-import-schedule';
import { SCHEDULE_DATE_FORMAT, SCHEDULE_DATE_PARTS, scheduleTime } from './schedule-time';

export const SCHEDULE_LOAD_ERROR: MessageKey = 'plantdb.admin.schedule.loadFailed';
const UPDATED: MessageKey = 'plantdb.admin.schedule.updatedText';

/** when: a run's date and time ("Nov 21, 2026, 9:05 AM"), `fallback` when there is none. */
function when(value: string | null | undefined, fallback: string): string {
  const date = parseDate(value);
  if (!date) return fallback;
  return currentLocale() === SOURCE_LOCALE ? format(date, SCHEDULE_DATE_FORMAT) : localDate(date, SCHEDULE_DATE_PARTS);
}

function ScheduleDetails({ schedule }: { schedule: ImportSchedule }) {
  const { trigger, isMutating } = useUpdateImportSchedule();
  const { toast } = useToast();
  const t = useT();
  const current = scheduleTime(schedule);
  const form = useZodForm(scheduleTimeSchema, { defaultValues: { time: current } });
  const [pending, setPending] = useState<'enabled' | 'time' | null>(null);

  const update = async (change: { enabled?: boolean; time?: string }, which: 'enabled' | 'time') => {
    setPending(which);
    try {
      const next = await trigger(change);
      if (which === 'time') form.reset({ time: scheduleTime(next ?? { time: change.time }) });
      toast({ title: t('plantdb.admin.schedule.updated'), description: t(UPDATED), variant: 'success' });
    } catch (error) {
      const message = getErrorMessage(error, t('plantdb.admin.schedule.changeFailed'));
      if (which === 'time' && error instanceof ApiError && error.status === 400) {
        form.setError('time', { type: 'server', message: getFieldErrors(error).time ?? message });
      }
      toast({ title: t('plantdb.admin.schedule.updateFailed'), description: message, variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  const saveTime = ({ time }: { time: string }) => {
    form.setValue('time', time);
    void update({ time }, 'time');
  };

  return (
    <>
      <dl className="admin-facts">
        <div>
          <dt>{t('plantdb.admin.schedule.status')}</dt>
          <dd>
            {schedule.enabled ? (
              <Badge tone="green">{t('plantdb.admin.schedule.enabled')}</Badge>
            ) : (
              <Badge tone="neutral">{t('plantdb.admin.schedule.disabled')}</Badge>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('plantdb.admin.schedule.dailyTime')}</dt>
          <dd className="admin-facts__time">{current}</dd>
        </div>
        <div>
          <dt>{t('plantdb.admin.schedule.lastRun')}</dt>
          <dd>{when(schedule.lastRun, t('plantdb.admin.schedule.never'))}</dd>
        </div>
        <div>
          <dt>{t('plantdb.admin.schedule.nextRun')}</dt>
          <dd>{schedule.enabled ? when(schedule.nextRun, t('plantdb.admin.schedule.notScheduled')) : t('plantdb.admin.schedule.notScheduled')}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        <Button
          variant={schedule.enabled ? 'outline' : 'primary'}
          icon={schedule.enabled ? <PowerOff size={18} aria-hidden="true" /> : <Power size={18} aria-hidden="true" />}
          loading={pending === 'enabled'}
          disabled={isMutating}
          onClick={() => void update({ enabled: !schedule.enabled }, 'enabled')}
        >
          {schedule.enabled ? t('plantdb.admin.schedule.disable') : t('plantdb.admin.schedule.enable')}
        </Button>
      </div>
      <Form form={form} className="schedule-time-form" onSubmit={saveTime}>
        <FormInput
          name="time"
          label={t('plantdb.admin.schedule.timeLabel')}
          inputMode="text"
          autoComplete="off"
          placeholder="01:30"
          maxLength={5}
          pattern="[0-9]{1,2}:[0-9]{2}"
          description={t('plantdb.admin.schedule.timeHint')}
        />
        <Button
          type="submit"
          variant="outline"
          icon={<Save size={18} aria-hidden="true" />}
          loading={pending === 'time'}
          disabled={isMutating}
        >
          {t('plantdb.admin.schedule.saveTime')}
        </Button>
      </Form>
    </>
  );
}

const triggerLabels: Record<string, MessageKey> = {
  schedule: 'plantdb.admin.trigger.schedule',
  manual: 'plantdb.admin.trigger.manual',
  cli: 'plantdb.admin.trigger.cli',
};

/** triggerLabel: who started a run — Scheduled, Manual, Command line; anything else as is. */
export function triggerLabel(trigger: string | null | undefined): string {
  if (!trigger) return '—';
  const key = triggerLabels[trigger];
  return key ? translate(key) : trigger;
}

function HistoryTable({ entries }: { entries: ImportHistoryEntry[] }) {
  const t = useT();
  return (
    <Table aria-label={t('plantdb.admin.history.label')}>
      <thead>
        <tr>
          <th scope="col">{t('plantdb.admin.col.date')}</th>
          <th scope="col">{t('plantdb.admin.col.result')}</th>
          <th scope="col" className="table__num">
            {t('plantdb.admin.status.added')}
          </th>
          <th scope="col" className="table__num">
            {t('plantdb.admin.status.updated')}
          </th>
          <th scope="col" className="table__num">
            {t('plantdb.admin.status.failed')}
          </th>
          <th scope="col">{t('plantdb.admin.col.trigger')}</th>
          <th scope="col">{t('plantdb.admin.col.message')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.date, '—')}</td>
            <td>
              {entry.running ? (
                <Badge tone="blue">{t('plantdb.admin.history.running')}</Badge>
              ) : entry.success ? (
                <Badge tone="green">{t('plantdb.admin.history.success')}</Badge>
              ) : (
                <Badge tone="red">{t('plantdb.admin.status.failed')}</Badge>
              )}
            </td>
            <td className="table__num">{entry.count?.added ?? 0}</td>
            <td className="table__num">{entry.count?.updated ?? 0}</td>
            <td className="table__num">{entry.count?.failed ?? 0}</td>
            <td className="table__muted">{triggerLabel(entry.trigger)}</td>
            <td className="table__text">{entry.message || <span className="table__muted">—</span>}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * ImportScheduleTab (Import Schedule): the daily import's state, time, last and next run,
 * Enable/Disable, a separate time control, and the import history.
 */
export function ImportScheduleTab() {
  const schedule = useImportSchedule();
  const history = useImportHistory();
  const t = useT();

  let details;
  if (schedule.isLoading) {
    details = (
      <LoadingRegion label={t('plantdb.admin.schedule.loading')} className="admin-skeleton">
        <Skeleton height={56} />
        <Skeleton height={42} width={140} />
      </LoadingRegion>
    );
  } else if (schedule.error || !schedule.data) {
    details = (
      <EmptyState
        compact
        icon={<CloudOff size={22} />}
        title={t(SCHEDULE_LOAD_ERROR)}
        action={
          <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void schedule.mutate()}>
            {t('common.tryAgain')}
          </Button>
        }
      />
    );
  } else {
    details = <ScheduleDetails key={scheduleTime(schedule.data)} schedule={schedule.data} />;
  }

  const runs = (
    <ListStates
      query={history}
      isEmpty={(history.data ?? []).length === 0}
      compact
      loading={{ label: t('plantdb.admin.history.loading'), rows: 3, height: 36, className: 'admin-skeleton' }}
      errorTitle={t('plantdb.admin.history.failed')}
      errorText=""
      empty={{ icon: <History size={22} />, title: t('plantdb.admin.history.none'), text: t('plantdb.admin.history.noneText') }}
    >
      <HistoryTable entries={history.data ?? []} />
    </ListStates>
  );

  return (
    <div className="admin-stack">
      <Card aria-labelledby="import-schedule-title">
        <CardHeader
          icon={<CalendarClock size={18} />}
          title={<span id="import-schedule-title">{t('plantdb.admin.tab.schedule')}</span>}
          description={t('plantdb.admin.schedule.description')}
        />
        <CardBody>{details}</CardBody>
      </Card>
      <Card aria-labelledby="import-history-title">
        <CardHeader
          icon={<History size={18} />}
          title={<span id="import-history-title">{t('plantdb.admin.history.title')}</span>}
          description={t('plantdb.admin.history.description')}
        />
        <CardBody>{runs}</CardBody>
      </Card>
    </div>
  );
}
