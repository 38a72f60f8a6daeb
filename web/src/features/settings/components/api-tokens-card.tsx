import { Check, Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormInput, FormSelect, useZodForm } from '@/components/ui/form';
import { ListStates } from '@/components/ui/list-states';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/dates';
import {
  TOKEN_EXPIRIES,
  apiTokenSchema,
  useApiTokens,
  useCreateApiToken,
  useRevokeApiToken,
  type ApiToken,
  type ApiTokenInput,
} from '../api/api-tokens';
import './api-tokens-card.css';

/** The token just made, shown once with a copy button. */
function NewTokenNotice({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="api-token-new" role="status">
      <p>
        <strong>Copy your new token now.</strong> It will not be shown again; Garden keeps only a fingerprint of it.
      </p>
      <code className="api-token-new__value" aria-label="New API token">
        {token.token}
      </code>
      <div className="api-token-new__actions">
        <Button
          variant="outline"
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          onClick={async () => setCopied(await copyText(token.token ?? ''))}
        >
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
      <p className="muted">
        Send it as <code>Authorization: Bearer …</code>, like a sign-in. {token.scope === 'read' ? 'It can only read.' : 'It can read and change your garden.'}
      </p>
    </div>
  );
}

function CreateTokenForm({ onCreated, onCancel }: { onCreated: (t: ApiToken) => void; onCancel: () => void }) {
  const form = useZodForm(apiTokenSchema, { defaultValues: { name: '', scope: 'read', expiresInDays: 90, password: '' } satisfies ApiTokenInput });
  const { trigger, isMutating } = useCreateApiToken();
  const { toast } = useToast();
  const id = useId();
  return (
    <Form
      form={form}
      id={id}
      className="api-token-form"
      onSubmit={async (values) => onCreated(await trigger(values))}
      onSubmitError={(error) => toast({ title: 'Could not create the token', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' })}
    >
      <FormInput name="name" label="Name" placeholder="Home Assistant" description="Where you will use it, so you know what to revoke." />
      <div className="api-token-form__row">
        <FormSelect name="scope" label="Access">
          <option value="read">Read only</option>
          <option value="write">Read and write</option>
        </FormSelect>
        <FormSelect name="expiresInDays" label="Expires after">
          {TOKEN_EXPIRIES.map((e) => (
            <option key={e.days} value={e.days}>
              {e.label}
            </option>
          ))}
        </FormSelect>
      </div>
      <FormInput
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        description="A token outlives this sign-in, so Garden asks for your password again."
      />
      <div className="api-token-form__actions">
        <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
          Cancel
        </Button>
        <Button type="submit" loading={isMutating} icon={<KeyRound size={16} aria-hidden="true" />}>
          Create token
        </Button>
      </div>
    </Form>
  );
}

/**
 * ApiTokensCard is Settings › API tokens: personal tokens for scripts and home automation,
 * each with a name, read-only or read-and-write access and an expiry; shown once, revocable.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const { trigger: revoke, isMutating: revoking } = useRevokeApiToken();
  const { toast } = useToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const list = tokens.data ?? [];

  return (
    <Card aria-labelledby="api-tokens-title">
      <CardHeader
        icon={<KeyRound size={18} />}
        title={<span id="api-tokens-title">API tokens</span>}
        description={
          <>
            Let scripts and home automation use Garden without your password. Changing your password revokes every
            token. The <Link to="/api/docs">API reference</Link> lists every call and what it answers.
          </>
        }
      />
      <CardBody>
        {creating || created ? null : (
          <div className="api-token-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              New token
            </Button>
          </div>
        )}
        {created ? <NewTokenNotice token={created} onDone={() => setCreated(null)} /> : null}
        {creating ? (
          <CreateTokenForm
            onCancel={() => setCreating(false)}
            onCreated={(t) => {
              setCreating(false);
              setCreated(t);
            }}
          />
        ) : null}
        <ListStates
          query={tokens}
          compact
          isEmpty={list.length === 0}
          loading={{ label: 'Loading API tokens…', rows: 2, height: 52 }}
          errorTitle="Failed to load API tokens"
          empty={{ icon: <KeyRound size={20} />, title: 'No API tokens', text: 'Create one for each script or device, and revoke it when you stop using it.' }}
        >
          <ul className="api-token-list">
            {list.map((t) => (
              <li key={t.id} className="api-token-list__item">
                <div className="api-token-list__main">
                  <span className="api-token-list__name">{t.name}</span>
                  <Badge tone={t.scope === 'write' ? 'amber' : 'neutral'}>{t.scope === 'write' ? 'Read and write' : 'Read only'}</Badge>
                </div>
                <div className="api-token-list__meta muted">
                  <span>Expires {formatDate(t.expiresAt)}</span>
                  <span>{t.lastUsedAt ? `Last used ${formatDate(t.lastUsedAt)}` : 'Never used'}</span>
                </div>
                <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToRevoke(t)} aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title="Revoke this token?"
        description={`Anything using “${toRevoke?.name ?? ''}” stops working at once. This cannot be undone.`}
        confirmLabel="Revoke token"
        pending={revoking}
        onConfirm={async () => {
          if (!toRevoke) return;
          try {
            await revoke(toRevoke.id);
            toast({ title: 'Token revoked', variant: 'success' });
          } catch (error) {
            toast({ title: 'Could not revoke the token', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
          } finally {
            setToRevoke(null);
          }
        }}
      />
    </Card>
  );
}
