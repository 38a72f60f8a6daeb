import { Check, Copy, History, Pencil, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { ListStates } from '@/components/ui/list-states';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { formatDate, localDate, parseDate } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n/locale';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT, type Translate } from '@/lib/i18n/provider';
import {
  WEBHOOK_EVENTS,
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  validateWebhook,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks';
import './webhooks-card.css';

const eventLabel = (t: Translate, type: string) => {
  const label = WEBHOOK_EVENTS.find((e) => e.type === type)?.label;
  return label ? t(label) : type;
};

/** "Nov 27, 14:05" as English always wrote it; another language's own order through Intl. */
function dayAndTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date || currentLocale() === 'en') return formatDate(value, 'MMM d, HH:mm');
  return localDate(date, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** The signature header, the same in every language. */
const SIGNATURE = 'X-Garden-Signature: sha256=…';
/** An example receiver, the same in every language. */
const URL_EXAMPLE = 'https://homeassistant.example.org/api/webhook/garden';
/** Where the header goes in its sentence. */
const CODE = '\u0000';

/** The secret just set, shown once with a copy button. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  const [before = '', after = ''] = t('settings.webhooks.secretText', { header: CODE }).split(CODE);
  return (
    <div className="webhook-secret" role="status">
      <p>
        <strong>{t('settings.webhooks.copyNow')}</strong> {before}
        <code>{SIGNATURE}</code>
        {after}
      </p>
      <code className="webhook-secret__value" aria-label={t('settings.webhooks.secret')}>
        {secret}
      </code>
      <div className="webhook-form__actions">
        <Button
          variant="outline"
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          onClick={async () => setCopied(await copyText(secret))}
        >
          {copied ? t('settings.tokens.copied') : t('settings.webhooks.copySecret')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.done')}
        </Button>
      </div>
    </div>
  );
}

interface FormProps {
  hook?: Webhook;
  superadmin: boolean;
  onSaved: (saved: Webhook) => void;
  onCancel: () => void;
}

/** WebhookForm creates a webhook, or edits one (hook): URL, events, an optional secret. */
function WebhookForm({ hook, superadmin, onSaved, onCancel }: FormProps) {
  const [url, setUrl] = useState(hook?.url ?? '');
  const [events, setEvents] = useState<string[]>(hook?.events ?? ['plant.needs_water']);
  const [secret, setSecret] = useState('');
  const [siteWide, setSiteWide] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { toast } = useToast();
  const t = useT();
  const id = useId();
  const pending = create.isMutating || update.isMutating;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateWebhook({ url, events, secret });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = { url: url.trim(), events, ...(secret ? { secret } : {}) };
      const saved = hook ? await update.trigger({ id: hook.id, patch: body }) : await create.trigger({ ...body, siteWide });
      onSaved(saved);
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({ title: t('settings.webhooks.saveFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
    }
  };

  return (
    <form className="webhook-form" onSubmit={submit} noValidate aria-label={hook ? t('settings.webhooks.edit') : t('settings.webhooks.new')}>
      <div className="webhook-form__field">
        <label htmlFor={`${id}-url`}>{t('settings.webhooks.url')}</label>
        <Input
          id={`${id}-url`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={URL_EXAMPLE}
          invalid={Boolean(errors.url)}
          aria-describedby={errors.url ? `${id}-url-error` : undefined}
          inputMode="url"
        />
        {errors.url ? (
          <p className="webhook-form__error" id={`${id}-url-error`}>
            {errors.url}
          </p>
        ) : null}
      </div>
      <fieldset className="webhook-form__events" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend>{t('settings.webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev.type} className="webhook-form__event">
            <input
              type="checkbox"
              checked={events.includes(ev.type)}
              onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev.type] : cur.filter((type) => type !== ev.type)))}
            />
            <span className="webhook-form__event-text">
              <span>{t(ev.label)}</span>
              <code>{ev.type}</code>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p className="webhook-form__error" id={`${id}-events-error`}>
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <div className="webhook-form__field">
        <label htmlFor={`${id}-secret`}>{hook ? t('settings.webhooks.newSecret') : t('settings.webhooks.secretOptional')}</label>
        <Input
          id={`${id}-secret`}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          type="password"
          autoComplete="new-password"
          invalid={Boolean(errors.secret)}
          aria-describedby={`${id}-secret-help`}
        />
        <p className="muted webhook-form__help" id={`${id}-secret-help`}>
          {errors.secret ?? (hook ? t('settings.webhooks.keepSecret') : t('settings.webhooks.drawSecret'))}
        </p>
      </div>
      {!hook && superadmin ? (
        <Switch label={t('settings.webhooks.siteWide')} description={t('settings.webhooks.siteWideText')} checked={siteWide} onCheckedChange={setSiteWide} />
      ) : null}
      <div className="webhook-form__actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('settings.cancel')}
        </Button>
        <Button type="submit" loading={pending} icon={<WebhookIcon size={16} aria-hidden="true" />}>
          {hook ? t('settings.webhooks.save') : t('settings.webhooks.create')}
        </Button>
      </div>
    </form>
  );
}

const STATUS_LABEL: Record<WebhookDelivery['status'], MessageKey> = {
  pending: 'settings.webhooks.status.pending',
  retrying: 'settings.webhooks.status.retrying',
  delivered: 'settings.webhooks.status.delivered',
  failed: 'settings.webhooks.status.failed',
  given_up: 'settings.webhooks.status.givenUp',
  skipped: 'settings.webhooks.status.skipped',
};

const STATUS_TONE: Record<WebhookDelivery['status'], 'green' | 'amber' | 'red' | 'neutral'> = {
  pending: 'neutral',
  retrying: 'amber',
  delivered: 'green',
  failed: 'red',
  given_up: 'red',
  skipped: 'neutral',
};

/** DeliveryLog is a webhook's last 50 deliveries: event, outcome, answer and latency. */
function DeliveryLog({ hook }: { hook: Webhook }) {
  const log = useWebhookDeliveries(hook.id);
  const list = log.data ?? [];
  const t = useT();
  return (
    <div className="webhook-log" aria-label={t('settings.webhooks.deliveriesOf', { url: hook.url })} role="region">
      <ListStates
        query={log}
        compact
        isEmpty={list.length === 0}
        loading={{ label: t('settings.webhooks.loadingDeliveries'), rows: 2, height: 36 }}
        errorTitle={t('settings.webhooks.deliveriesFailed')}
        empty={{ icon: <History size={20} />, title: t('settings.webhooks.noDeliveries'), text: t('settings.webhooks.noDeliveriesText') }}
      >
        <ul className="webhook-log__list">
          {list.map((d) => (
            <li key={d.id} className="webhook-log__item">
              <Badge tone={STATUS_TONE[d.status]}>{t(STATUS_LABEL[d.status])}</Badge>
              <code className="webhook-log__event">{d.event}</code>
              <span className="muted">
                {d.httpStatus ? t('settings.webhooks.http', { status: d.httpStatus }) : t('settings.webhooks.noAnswer')} ·{' '}
                {t('settings.webhooks.latency', { ms: d.latencyMs })} · {t('settings.webhooks.attempts', { count: d.attempts })}
              </span>
              <span className="muted">{dayAndTime(d.attemptedAt ?? d.createdAt)}</span>
              {d.error ? <span className="webhook-log__error">{d.error}</span> : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

function HookStatus({ hook }: { hook: Webhook }) {
  const t = useT();
  if (hook.pausedAt) return <Badge tone="red">{t('settings.webhooks.paused', { date: formatDate(hook.pausedAt) })}</Badge>;
  if (!hook.active) return <Badge tone="neutral">{t('settings.off')}</Badge>;
  if (hook.failingSince) return <Badge tone="amber">{t('settings.webhooks.failingSince', { when: dayAndTime(hook.failingSince) })}</Badge>;
  return <Badge tone="green">{t('settings.webhooks.active')}</Badge>;
}

/**
 * WebhooksCard is Settings › Webhooks: URLs that hear Garden's events as signed JSON POSTs,
 * with a delivery log, "Send test", pause and resume; the secret is shown once.
 */
export function WebhooksCard({ superadmin = false }: { superadmin?: boolean }) {
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const test = useSendTestWebhook();
  const { trigger: remove, isMutating: removing } = useDeleteWebhook();
  const { toast } = useToast();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Webhook | null>(null);
  const t = useT();
  const list = hooks.data ?? [];

  const sendTest = async (hook: Webhook) => {
    try {
      const d = await test.trigger(hook.id);
      setLogOf(hook.id);
      toast(
        d.status === 'delivered'
          ? { title: t('settings.webhooks.testDelivered'), description: t('settings.webhooks.testDeliveredText', { status: d.httpStatus, ms: d.latencyMs }), variant: 'success' }
          : { title: t('settings.webhooks.testNotDelivered'), description: d.error || t(STATUS_LABEL[d.status]), variant: 'destructive' },
      );
    } catch (error) {
      toast({ title: t('settings.webhooks.testFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
    }
  };

  const setActive = async (hook: Webhook, active: boolean) => {
    try {
      await update.trigger({ id: hook.id, patch: { active } });
    } catch (error) {
      toast({ title: t('settings.webhooks.changeFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader
        icon={<WebhookIcon size={18} />}
        title={<span id="webhooks-title">{t('settings.webhooks.title')}</span>}
        description={t('settings.webhooks.description')}
      />
      <CardBody>
        {creating || secret ? null : (
          <div className="webhook-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('settings.webhooks.new')}
            </Button>
          </div>
        )}
        {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
        {creating ? (
          <WebhookForm
            superadmin={superadmin}
            onCancel={() => setCreating(false)}
            onSaved={(saved) => {
              setCreating(false);
              setSecret(saved.secret ?? null);
            }}
          />
        ) : null}
        <ListStates
          query={hooks}
          compact
          isEmpty={list.length === 0}
          loading={{ label: t('settings.webhooks.loading'), rows: 2, height: 64 }}
          errorTitle={t('settings.webhooks.loadFailed')}
          empty={{ icon: <WebhookIcon size={20} />, title: t('settings.webhooks.none'), text: t('settings.webhooks.noneText') }}
        >
          <ul className="webhook-list">
            {list.map((hook) => (
              <li key={hook.id} className="webhook-list__item">
                <div className="webhook-list__head">
                  <div className="webhook-list__main">
                    <span className="webhook-list__url">{hook.url}</span>
                    <HookStatus hook={hook} />
                    {hook.siteWide ? <Badge tone="purple">{t('settings.webhooks.siteWide')}</Badge> : null}
                  </div>
                  <Switch
                    label={t('settings.webhooks.deliverTo', { url: hook.url })}
                    hideLabel
                    checked={hook.active}
                    disabled={update.isMutating}
                    onCheckedChange={(on) => void setActive(hook, on)}
                  />
                </div>
                <p className="webhook-list__events muted">{hook.events.map((type) => eventLabel(t, type)).join(' · ')}</p>
                <div className="webhook-list__actions">
                  <Button variant="ghost" icon={<Send size={16} aria-hidden="true" />} onClick={() => void sendTest(hook)} loading={test.isMutating && test.data === undefined}>
                    {t('settings.webhooks.sendTest')}
                  </Button>
                  <Button variant="ghost" icon={<History size={16} aria-hidden="true" />} onClick={() => setLogOf(logOf === hook.id ? null : hook.id)} aria-expanded={logOf === hook.id}>
                    {t('settings.webhooks.log')}
                  </Button>
                  <Button variant="ghost" icon={<Pencil size={16} aria-hidden="true" />} onClick={() => setEditing(editing === hook.id ? null : hook.id)} aria-label={t('settings.webhooks.editLabel', { url: hook.url })}>
                    {t('settings.webhooks.editButton')}
                  </Button>
                  <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToDelete(hook)} aria-label={t('settings.webhooks.deleteLabel', { url: hook.url })}>
                    {t('settings.webhooks.delete')}
                  </Button>
                </div>
                {editing === hook.id ? (
                  <WebhookForm
                    hook={hook}
                    superadmin={superadmin}
                    onCancel={() => setEditing(null)}
                    onSaved={(saved) => {
                      setEditing(null);
                      if (saved.secret) setSecret(saved.secret);
                      toast({ title: t('settings.webhooks.saved'), variant: 'success' });
                    }}
                  />
                ) : null}
                {logOf === hook.id ? <DeliveryLog hook={hook} /> : null}
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('settings.webhooks.confirmTitle')}
        description={t('settings.webhooks.confirmText', { url: toDelete?.url ?? '' })}
        confirmLabel={t('settings.webhooks.confirm')}
        pending={removing}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove(toDelete.id);
            toast({ title: t('settings.webhooks.deleted'), variant: 'success' });
          } catch (error) {
            toast({ title: t('settings.webhooks.deleteFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Card>
  );
}
