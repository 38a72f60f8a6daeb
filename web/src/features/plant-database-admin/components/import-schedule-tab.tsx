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
import { formatDate } from '@/lib/dates';
import { useImportHistory } from '../api/get-import-history';
import { useImportSchedule } from '../api/get-import-schedule';
import { scheduleTimeSchema, useUpdateImportSchedule } from '../api/update-import-schedule';
import { SCHEDULE_DATE_FORMAT, scheduleTime } from './schedule-time';

export const SCHEDULE_LOAD_ERROR = 'Could not load schedule information.';
const UPDATED = 'The import schedule has been updated successfully.';

const when = (value: string | null | undefined, fallback: string) => formatDate(value, SCHEDULE_DATE_FORMAT) || fallback;

function ScheduleDetails({ schedule }: { schedule: ImportSchedule }) {
  const { trigger, isMutating } = useUpdateImportSchedule();
  const { toast } = useToast();
  const current = scheduleTime(schedule);
  const form = useZodForm(scheduleTimeSchema, { defaultValues: { time: current } });
  const [pending, setPending] = useState<'enabled' | 'time' | null>(null);

  const update = async (change: { enabled?: boolean; time?: string }, which: 'enabled' | 'time') => {
    setPending(which);
    try {
      const next = await trigger(change);
      if (which === 'time') form.reset({ time: scheduleTime(next ?? { time: change.time }) });
      toast({ title: 'Schedule Updated', description: UPDATED, variant: 'success' });
    } catch (error) {
      const message = getErrorMessage(error, 'The schedule could not be changed. Please try again.');
      if (which === 'time' && error instanceof ApiError && error.status === 400) {
        form.setError('time', { type: 'server', message: getFieldErrors(error).time ?? message });
      }
      toast({ title: 'Failed to Update Schedule', description: message, variant: 'destructive' });
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
          <dt>Status</dt>
          <dd>{schedule.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>}</dd>
        </div>
        <div>
          <dt>Daily time</dt>
          <dd className="admin-facts__time">{current}</dd>
        </div>
        <div>
          <dt>Last run</dt>
          <dd>{when(schedule.lastRun, 'Never')}</dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd>{schedule.enabled ? when(schedule.nextRun, 'Not scheduled') : 'Not scheduled'}</dd>
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
          {schedule.enabled ? 'Disable' : 'Enable'}
        </Button>
      </div>
      <Form form={form} className="schedule-time-form" onSubmit={saveTime}>
        <FormInput
          name="time"
          label="Daily import time"
          inputMode="text"
          autoComplete="off"
          placeholder="01:30"
          maxLength={5}
          pattern="[0-9]{1,2}:[0-9]{2}"
          description="24-hour time (HH:MM) by the server’s clock; last and next run are shown in your local time."
        />
        <Button
          type="submit"
          variant="outline"
          icon={<Save size={18} aria-hidden="true" />}
          loading={pending === 'time'}
          disabled={isMutating}
        >
          Save Time
        </Button>
      </Form>
    </>
  );
}

const triggerLabels: Record<string, string> = { schedule: 'Scheduled', manual: 'Manual', cli: 'Command line' };

/** triggerLabel: who started a run — Scheduled, Manual, Command line; anything else as is. */
export function triggerLabel(trigger: string | null | undefined): string {
  if (!trigger) return '—';
  return triggerLabels[trigger] ?? trigger;
}

function HistoryTable({ entries }: { entries: ImportHistoryEntry[] }) {
  return (
    <Table aria-label="Import history">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Result</th>
          <th scope="col" className="table__num">
            Added
          </th>
          <th scope="col" className="table__num">
            Updated
          </th>
          <th scope="col" className="table__num">
            Failed
          </th>
          <th scope="col">Trigger</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{when(entry.date, '—')}</td>
            <td>
              {entry.running ? (
                <Badge tone="blue">Running</Badge>
              ) : entry.success ? (
                <Badge tone="green">Success</Badge>
              ) : (
                <Badge tone="red">Failed</Badge>
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

  let details;
  if (schedule.isLoading) {
    details = (
      <LoadingRegion label="Loading the schedule…" className="admin-skeleton">
        <Skeleton height={56} />
        <Skeleton height={42} width={140} />
      </LoadingRegion>
    );
  } else if (schedule.error || !schedule.data) {
    details = (
      <EmptyState
        compact
        icon={<CloudOff size={22} />}
        title={SCHEDULE_LOAD_ERROR}
        action={
          <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void schedule.mutate()}>
            Try again
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
      loading={{ label: 'Loading the import history…', rows: 3, height: 36, className: 'admin-skeleton' }}
      errorTitle="Could not load the import history."
      errorText=""
      empty={{ icon: <History size={22} />, title: 'No Import History', text: 'Every import, run by hand or on schedule, is listed here.' }}
    >
      <HistoryTable entries={history.data ?? []} />
    </ListStates>
  );

  return (
    <div className="admin-stack">
      <Card aria-labelledby="import-schedule-title">
        <CardHeader
          icon={<CalendarClock size={18} />}
          title={<span id="import-schedule-title">Import Schedule</span>}
          description="The seed store is imported automatically once a day."
        />
        <CardBody>{details}</CardBody>
      </Card>
      <Card aria-labelledby="import-history-title">
        <CardHeader
          icon={<History size={18} />}
          title={<span id="import-history-title">Import History</span>}
          description="The latest 50 runs, newest first."
        />
        <CardBody>{runs}</CardBody>
      </Card>
    </div>
  );
}
