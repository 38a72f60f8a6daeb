import { History, Plus, Trash } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/api/client';
import { useCareLog, useDeleteCare, useLogCare } from '@/api/plants/care-log';
import { CARE_FEEDBACK, CARE_KINDS, type CareEvent, type CareFeedback, type CareKind, type NewCareEvent } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/list-states';
import { SelectField } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { formatDate, todayKey } from '@/lib/dates';

const kindLabels: Record<string, string> = {
  water: 'Watered',
  fertilize: 'Fertilized',
  mist: 'Misted',
  prune: 'Pruned',
  repot: 'Repotted',
  rotate: 'Rotated',
  inspect: 'Inspected',
  check: 'Checked the soil',
};
const sourceLabels: Record<string, string> = {
  manual: 'Logged by you',
  task: 'From a task',
  rain: 'Rain',
  import: 'Earlier date',
};
const feedbackLabels: Record<CareFeedback, string> = { dry: 'Bone dry', ok: 'Just right', moist: 'Still moist' };

/** careKindLabel: how the log names a kind of care ("Watered"); unknown kinds show as is. */
export function careKindLabel(kind: string): string {
  return kindLabels[kind] ?? kind;
}

/** atFromDay: the picked day as the instant sent: now for today, else the gardener's local midday. */
function atFromDay(day: string): string | undefined {
  if (!day || day === todayKey()) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 12).toISOString();
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { message?: string; errors?: Record<string, string> };
      const first = body.errors ? Object.values(body.errors)[0] : undefined;
      return first ?? body.message ?? error.message;
    } catch {
      return error.message;
    }
  }
  return 'Could not save. Please try again.';
}

function LogCareForm({ plantId, onDone }: { plantId: number; onDone: () => void }) {
  const { toast } = useToast();
  const log = useLogCare(plantId);
  const [kind, setKind] = useState<CareKind>('water');
  const [day, setDay] = useState(todayKey());
  const [note, setNote] = useState('');
  const [feedback, setFeedback] = useState<CareFeedback | ''>('');
  const [postpone, setPostpone] = useState('2');
  const [error, setError] = useState<string | undefined>();
  const postpones = kind === 'check' && feedback === 'moist';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: NewCareEvent = { kind };
    const at = atFromDay(day);
    if (at) body.at = at;
    if (note.trim()) body.note = note.trim();
    if (feedback) body.feedback = feedback;
    if (postpones) body.postponeDays = Number(postpone);
    try {
      await log.trigger(body);
      toast({ title: 'Care logged', description: careKindLabel(kind), variant: 'success' });
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <form className="form-stack care-log__form" aria-label="Log care" onSubmit={(e) => void submit(e)} noValidate>
      <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as CareKind)}>
        {CARE_KINDS.map((k) => (
          <option key={k} value={k}>
            {careKindLabel(k)}
          </option>
        ))}
      </SelectField>
      <Field label="Date" type="date" value={day} max={todayKey()} onChange={(e) => setDay(e.target.value)} />
      <SelectField label="Feedback" value={feedback} onChange={(e) => setFeedback(e.target.value as CareFeedback | '')}>
        <option value="">No feedback</option>
        {CARE_FEEDBACK.map((f) => (
          <option key={f} value={f}>
            {feedbackLabels[f]}
          </option>
        ))}
      </SelectField>
      {postpones ? (
        <Field
          label="Postpone watering (days)"
          type="number"
          min={1}
          max={365}
          value={postpone}
          onChange={(e) => setPostpone(e.target.value)}
          hint="The soil is still moist: the next watering moves back, nothing is watered."
        />
      ) : null}
      <TextareaField label="Note" value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      {error ? (
        <p role="alert" className="field__error">
          {error}
        </p>
      ) : null}
      <div className="care-log__actions">
        <Button type="submit" loading={log.isMutating}>
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CareLogEntry({ event, onDelete, deleting }: { event: CareEvent; onDelete: () => void; deleting: boolean }) {
  const when = formatDate(event.at);
  return (
    <li className="care-log__entry">
      <div className="care-log__what">
        <strong>{careKindLabel(event.kind)}</strong>
        <span className="muted"> · {when}</span>
        <span className="muted"> · {sourceLabels[event.source] ?? event.source}</span>
        {event.feedback ? <span className="muted"> · {feedbackLabels[event.feedback]}</span> : null}
        {event.postponeDays > 0 ? <span className="muted"> · watering postponed {event.postponeDays} days</span> : null}
        {event.note ? <p className="care-log__note">{event.note}</p> : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        icon={<Trash size={16} aria-hidden="true" />}
        aria-label={`Delete ${careKindLabel(event.kind)} on ${when}`}
        loading={deleting}
        onClick={onDelete}
      />
    </li>
  );
}

/** CareLogCard: the plant's care log, newest first, with Log care and delete (issue #24). */
export function CareLogCard({ plantId }: { plantId: number }) {
  const log = useCareLog(plantId);
  const remove = useDeleteCare(plantId);
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  const del = async (id: number) => {
    setDeleting(id);
    try {
      await remove.trigger(id);
      toast({ title: 'Entry deleted', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: messageOf(err), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card className="plant-detail__wide" aria-labelledby="care-log-title">
      <CardHeader
        icon={<History size={18} />}
        title={<span id="care-log-title">Care log</span>}
        actions={
          adding ? null : (
            <Button size="sm" variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              Log care
            </Button>
          )
        }
      />
      <CardBody>
        {adding ? <LogCareForm plantId={plantId} onDone={() => setAdding(false)} /> : null}
        {log.isLoading ? (
          <LoadingRegion label="Loading the care log…" className="form-stack">
            <Skeleton height={20} />
            <Skeleton height={20} />
          </LoadingRegion>
        ) : log.error ? (
          <p className="muted">The care log could not be loaded.</p>
        ) : log.items.length === 0 ? (
          <p className="muted">Nothing logged yet. Water Now, Fertilize or Log care add entries here.</p>
        ) : (
          <ul className="care-log__list" aria-label="Care log entries">
            {log.items.map((event) => (
              <CareLogEntry key={event.id} event={event} deleting={deleting === event.id} onDelete={() => void del(event.id)} />
            ))}
          </ul>
        )}
        <LoadMore pager={log} />
      </CardBody>
    </Card>
  );
}
