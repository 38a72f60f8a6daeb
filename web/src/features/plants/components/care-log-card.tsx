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
import { t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';

const kindLabels: Record<string, MessageKey> = {
  water: 'plants.log.kind.water',
  fertilize: 'plants.log.kind.fertilize',
  mist: 'plants.log.kind.mist',
  prune: 'plants.log.kind.prune',
  repot: 'plants.log.kind.repot',
  rotate: 'plants.log.kind.rotate',
  inspect: 'plants.log.kind.inspect',
  check: 'plants.log.kind.check',
};
const sourceLabels: Record<string, MessageKey> = {
  manual: 'plants.log.source.manual',
  task: 'plants.log.source.task',
  rain: 'plants.log.source.rain',
  import: 'plants.log.source.import',
};
const feedbackLabels: Record<CareFeedback, MessageKey> = {
  dry: 'plants.log.feedback.dry',
  ok: 'plants.log.feedback.ok',
  moist: 'plants.log.feedback.moist',
};

/** careKindLabel: how the log names a kind of care ("Watered"); unknown kinds show as is. */
export function careKindLabel(kind: string): string {
  const key = kindLabels[kind];
  return key ? translate(key) : kind;
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
  return translate('plants.log.saveFailed');
}

function LogCareForm({ plantId, onDone }: { plantId: number; onDone: () => void }) {
  const { toast } = useToast();
  const t = useT();
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
      toast({ title: t('plants.log.logged'), description: careKindLabel(kind), variant: 'success' });
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <form className="form-stack care-log__form" aria-label={t('plants.log.log')} onSubmit={(e) => void submit(e)} noValidate>
      <SelectField label={t('plants.log.kind')} value={kind} onChange={(e) => setKind(e.target.value as CareKind)}>
        {CARE_KINDS.map((k) => (
          <option key={k} value={k}>
            {careKindLabel(k)}
          </option>
        ))}
      </SelectField>
      <Field label={t('plants.log.date')} type="date" value={day} max={todayKey()} onChange={(e) => setDay(e.target.value)} />
      <SelectField label={t('plants.log.feedback')} value={feedback} onChange={(e) => setFeedback(e.target.value as CareFeedback | '')}>
        <option value="">{t('plants.log.noFeedback')}</option>
        {CARE_FEEDBACK.map((f) => (
          <option key={f} value={f}>
            {t(feedbackLabels[f])}
          </option>
        ))}
      </SelectField>
      {postpones ? (
        <Field
          label={t('plants.log.postpone')}
          type="number"
          min={1}
          max={365}
          value={postpone}
          onChange={(e) => setPostpone(e.target.value)}
          hint={t('plants.log.postponeHint')}
        />
      ) : null}
      <TextareaField label={t('plants.log.note')} value={note} rows={2} onChange={(e) => setNote(e.target.value)} />
      {error ? (
        <p role="alert" className="field__error">
          {error}
        </p>
      ) : null}
      <div className="care-log__actions">
        <Button type="submit" loading={log.isMutating}>
          {t('plants.log.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('plants.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}

function CareLogEntry({ event, onDelete, deleting }: { event: CareEvent; onDelete: () => void; deleting: boolean }) {
  const t = useT();
  const when = formatDate(event.at);
  return (
    <li className="care-log__entry">
      <div className="care-log__what">
        <strong>{careKindLabel(event.kind)}</strong>
        <span className="muted"> · {when}</span>
        <span className="muted"> · {sourceLabels[event.source] ? t(sourceLabels[event.source]!) : event.source}</span>
        {event.feedback ? <span className="muted"> · {t(feedbackLabels[event.feedback])}</span> : null}
        {event.postponeDays > 0 ? <span className="muted"> · {t('plants.log.postponed', { days: event.postponeDays })}</span> : null}
        {event.note ? <p className="care-log__note">{event.note}</p> : null}
      </div>
      <Button
        variant="ghost"
        size="sm"
        icon={<Trash size={16} aria-hidden="true" />}
        aria-label={t('plants.log.deleteEntry', { kind: careKindLabel(event.kind), when })}
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
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);

  const del = async (id: number) => {
    setDeleting(id);
    try {
      await remove.trigger(id);
      toast({ title: t('plants.log.deleted'), variant: 'success' });
    } catch (err) {
      toast({ title: t('common.error'), description: messageOf(err), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Card className="plant-detail__wide" aria-labelledby="care-log-title">
      <CardHeader
        icon={<History size={18} />}
        title={<span id="care-log-title">{t('plants.log.title')}</span>}
        actions={
          adding ? null : (
            <Button size="sm" variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              {t('plants.log.log')}
            </Button>
          )
        }
      />
      <CardBody>
        {adding ? <LogCareForm plantId={plantId} onDone={() => setAdding(false)} /> : null}
        {log.isLoading ? (
          <LoadingRegion label={t('plants.log.loading')} className="form-stack">
            <Skeleton height={20} />
            <Skeleton height={20} />
          </LoadingRegion>
        ) : log.error ? (
          <p className="muted">{t('plants.log.failed')}</p>
        ) : log.items.length === 0 ? (
          <p className="muted">{t('plants.log.none')}</p>
        ) : (
          <ul className="care-log__list" aria-label={t('plants.log.entries')}>
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
