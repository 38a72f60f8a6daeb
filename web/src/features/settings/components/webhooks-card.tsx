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
import { formatDate } from '@/lib/dates';
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

const eventLabel = (type: string) => WEBHOOK_EVENTS.find((e) => e.type === type)?.label ?? type;

/** The secret just set, shown once with a copy button. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="webhook-secret" role="status">
      <p>
        <strong>Copy the signing secret now.</strong> It will not be shown again. Each delivery carries{' '}
        <code>X-Garden-Signature: sha256=…</code>, the HMAC-SHA256 of its body with this secret.
      </p>
      <code className="webhook-secret__value" aria-label="Webhook secret">
        {secret}
      </code>
      <div className="webhook-form__actions">
        <Button
          variant="outline"
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          onClick={async () => setCopied(await copyText(secret))}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
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
      toast({ title: 'Could not save the webhook', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <form className="webhook-form" onSubmit={submit} noValidate aria-label={hook ? 'Edit webhook' : 'New webhook'}>
      <div className="webhook-form__field">
        <label htmlFor={`${id}-url`}>URL</label>
        <Input
          id={`${id}-url`}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://homeassistant.example.org/api/webhook/garden"
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
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev.type} className="webhook-form__event">
            <input
              type="checkbox"
              checked={events.includes(ev.type)}
              onChange={(e) => setEvents((cur) => (e.target.checked ? [...cur, ev.type] : cur.filter((t) => t !== ev.type)))}
            />
            <span className="webhook-form__event-text">
              <span>{ev.label}</span>
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
        <label htmlFor={`${id}-secret`}>{hook ? 'New secret (optional)' : 'Secret (optional)'}</label>
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
          {errors.secret ?? (hook ? 'Leave empty to keep the current secret.' : 'Leave empty and Garden draws one, shown once.')}
        </p>
      </div>
      {!hook && superadmin ? (
        <Switch label="Site-wide" description="Hear every gardener's events, not only yours." checked={siteWide} onCheckedChange={setSiteWide} />
      ) : null}
      <div className="webhook-form__actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} icon={<WebhookIcon size={16} aria-hidden="true" />}>
          {hook ? 'Save webhook' : 'Create webhook'}
        </Button>
      </div>
    </form>
  );
}

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  given_up: 'Given up',
  skipped: 'Skipped',
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
  return (
    <div className="webhook-log" aria-label={`Deliveries of ${hook.url}`} role="region">
      <ListStates
        query={log}
        compact
        isEmpty={list.length === 0}
        loading={{ label: 'Loading deliveries…', rows: 2, height: 36 }}
        errorTitle="Failed to load the deliveries"
        empty={{ icon: <History size={20} />, title: 'No deliveries yet', text: 'Send a test to see how the receiver answers.' }}
      >
        <ul className="webhook-log__list">
          {list.map((d) => (
            <li key={d.id} className="webhook-log__item">
              <Badge tone={STATUS_TONE[d.status]}>{STATUS_LABEL[d.status]}</Badge>
              <code className="webhook-log__event">{d.event}</code>
              <span className="muted">
                {d.httpStatus ? `HTTP ${d.httpStatus}` : 'No answer'} · {d.latencyMs} ms · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              <span className="muted">{formatDate(d.attemptedAt ?? d.createdAt, 'MMM d, HH:mm')}</span>
              {d.error ? <span className="webhook-log__error">{d.error}</span> : null}
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

function HookStatus({ hook }: { hook: Webhook }) {
  if (hook.pausedAt) return <Badge tone="red">Paused {formatDate(hook.pausedAt)}</Badge>;
  if (!hook.active) return <Badge tone="neutral">Off</Badge>;
  if (hook.failingSince) return <Badge tone="amber">Failing since {formatDate(hook.failingSince, 'MMM d, HH:mm')}</Badge>;
  return <Badge tone="green">Active</Badge>;
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
  const list = hooks.data ?? [];

  const sendTest = async (hook: Webhook) => {
    try {
      const d = await test.trigger(hook.id);
      setLogOf(hook.id);
      toast(
        d.status === 'delivered'
          ? { title: 'Test delivered', description: `HTTP ${d.httpStatus} in ${d.latencyMs} ms`, variant: 'success' }
          : { title: 'Test not delivered', description: d.error || STATUS_LABEL[d.status], variant: 'destructive' },
      );
    } catch (error) {
      toast({ title: 'Could not send the test', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const setActive = async (hook: Webhook, active: boolean) => {
    try {
      await update.trigger({ id: hook.id, patch: { active } });
    } catch (error) {
      toast({ title: 'Could not change the webhook', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader
        icon={<WebhookIcon size={18} />}
        title={<span id="webhooks-title">Webhooks</span>}
        description="Let your home automation hear what happens in Garden: each event is a signed JSON POST, retried for 24 hours. A webhook failing for a day is paused and you are told."
      />
      <CardBody>
        {creating || secret ? null : (
          <div className="webhook-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              New webhook
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
          loading={{ label: 'Loading webhooks…', rows: 2, height: 64 }}
          errorTitle="Failed to load webhooks"
          empty={{ icon: <WebhookIcon size={20} />, title: 'No webhooks', text: 'Add one to tell Home Assistant, n8n or your own script when a plant needs water.' }}
        >
          <ul className="webhook-list">
            {list.map((hook) => (
              <li key={hook.id} className="webhook-list__item">
                <div className="webhook-list__head">
                  <div className="webhook-list__main">
                    <span className="webhook-list__url">{hook.url}</span>
                    <HookStatus hook={hook} />
                    {hook.siteWide ? <Badge tone="purple">Site-wide</Badge> : null}
                  </div>
                  <Switch
                    label={`Deliver to ${hook.url}`}
                    hideLabel
                    checked={hook.active}
                    disabled={update.isMutating}
                    onCheckedChange={(on) => void setActive(hook, on)}
                  />
                </div>
                <p className="webhook-list__events muted">{hook.events.map(eventLabel).join(' · ')}</p>
                <div className="webhook-list__actions">
                  <Button variant="ghost" icon={<Send size={16} aria-hidden="true" />} onClick={() => void sendTest(hook)} loading={test.isMutating && test.data === undefined}>
                    Send test
                  </Button>
                  <Button variant="ghost" icon={<History size={16} aria-hidden="true" />} onClick={() => setLogOf(logOf === hook.id ? null : hook.id)} aria-expanded={logOf === hook.id}>
                    Log
                  </Button>
                  <Button variant="ghost" icon={<Pencil size={16} aria-hidden="true" />} onClick={() => setEditing(editing === hook.id ? null : hook.id)} aria-label={`Edit ${hook.url}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToDelete(hook)} aria-label={`Delete ${hook.url}`}>
                    Delete
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
                      toast({ title: 'Webhook saved', variant: 'success' });
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
        title="Delete this webhook?"
        description={`${toDelete?.url ?? ''} hears nothing more, and its log and pending deliveries go with it.`}
        confirmLabel="Delete webhook"
        pending={removing}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove(toDelete.id);
            toast({ title: 'Webhook deleted', variant: 'success' });
          } catch (error) {
            toast({ title: 'Could not delete the webhook', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
          } finally {
            setToDelete(null);
          }
        }}
      />
    </Card>
  );
}
