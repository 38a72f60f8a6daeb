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
import { useT } from '@/lib/i18n/provider';
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

/** Where the API reference's link goes in its sentence. */
const LINK = '\u0000';

/** How a script sends a token, the same in every language. */
const BEARER = 'Authorization: Bearer …';

/** The token just made, shown once with a copy button. */
function NewTokenNotice({ token, onDone }: { token: ApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const t = useT();
  return (
    <div className="api-token-new" role="status">
      <p>
        <strong>{t('settings.tokens.copyNow')}</strong> {t('settings.tokens.copyNowText')}
      </p>
      <code className="api-token-new__value" aria-label={t('settings.tokens.newToken')}>
        {token.token}
      </code>
      <div className="api-token-new__actions">
        <Button
          variant="outline"
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          onClick={async () => setCopied(await copyText(token.token ?? ''))}
        >
          {copied ? t('settings.tokens.copied') : t('settings.tokens.copy')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.done')}
        </Button>
      </div>
      <p className="muted">
        {t('settings.tokens.sendAs')} <code>{BEARER}</code>{t('settings.tokens.likeSignIn')}{' '}
        {token.scope === 'read' ? t('settings.tokens.readOnlyText') : t('settings.tokens.writeText')}
      </p>
    </div>
  );
}

/** An example name: a program's name, the same in every language. */
const NAME_EXAMPLE = 'Home Assistant';

function CreateTokenForm({ onCreated, onCancel }: { onCreated: (t: ApiToken) => void; onCancel: () => void }) {
  const form = useZodForm(apiTokenSchema, { defaultValues: { name: '', scope: 'read', expiresInDays: 90, password: '' } satisfies ApiTokenInput });
  const { trigger, isMutating } = useCreateApiToken();
  const { toast } = useToast();
  const t = useT();
  const id = useId();
  return (
    <Form
      form={form}
      id={id}
      className="api-token-form"
      onSubmit={async (values) => onCreated(await trigger(values))}
      onSubmitError={(error) => toast({ title: t('settings.tokens.createFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' })}
    >
      <FormInput name="name" label={t('settings.tokens.name')} placeholder={NAME_EXAMPLE} description={t('settings.tokens.nameText')} />
      <div className="api-token-form__row">
        <FormSelect name="scope" label={t('settings.tokens.access')}>
          <option value="read">{t('settings.tokens.readOnly')}</option>
          <option value="write">{t('settings.tokens.readWrite')}</option>
        </FormSelect>
        <FormSelect name="expiresInDays" label={t('settings.tokens.expiresAfter')}>
          {TOKEN_EXPIRIES.map((days) => (
            <option key={days} value={days}>
              {days === 365 ? t('settings.tokens.oneYear') : t('settings.tokens.days', { count: days })}
            </option>
          ))}
        </FormSelect>
      </div>
      <FormInput
        name="password"
        label={t('settings.yourPassword')}
        type="password"
        autoComplete="current-password"
        description={t('settings.tokens.passwordText')}
      />
      <div className="api-token-form__actions">
        <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
          {t('settings.cancel')}
        </Button>
        <Button type="submit" loading={isMutating} icon={<KeyRound size={16} aria-hidden="true" />}>
          {t('settings.tokens.create')}
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
  const t = useT();
  // The link sits where the language puts it in the sentence.
  const [before = '', after = ''] = t('settings.tokens.referenceText', { link: LINK }).split(LINK);
  const list = tokens.data ?? [];

  return (
    <Card aria-labelledby="api-tokens-title">
      <CardHeader
        icon={<KeyRound size={18} />}
        title={<span id="api-tokens-title">{t('settings.tokens.title')}</span>}
        description={
          <>
            {t('settings.tokens.description')} {before}
            <Link to="/api/docs">{t('settings.tokens.reference')}</Link>
            {after}
          </>
        }
      />
      <CardBody>
        {creating || created ? null : (
          <div className="api-token-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
              {t('settings.tokens.new')}
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
          loading={{ label: t('settings.tokens.loading'), rows: 2, height: 52 }}
          errorTitle={t('settings.tokens.loadFailed')}
          empty={{ icon: <KeyRound size={20} />, title: t('settings.tokens.none'), text: t('settings.tokens.noneText') }}
        >
          <ul className="api-token-list">
            {list.map((token) => (
              <li key={token.id} className="api-token-list__item">
                <div className="api-token-list__main">
                  <span className="api-token-list__name">{token.name}</span>
                  <Badge tone={token.scope === 'write' ? 'amber' : 'neutral'}>{token.scope === 'write' ? t('settings.tokens.readWrite') : t('settings.tokens.readOnly')}</Badge>
                </div>
                <div className="api-token-list__meta muted">
                  <span>{t('settings.tokens.expires', { date: formatDate(token.expiresAt) })}</span>
                  <span>{token.lastUsedAt ? t('settings.lastUsed', { when: formatDate(token.lastUsedAt) }) : t('settings.neverUsed')}</span>
                </div>
                <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToRevoke(token)} aria-label={t('settings.tokens.revokeLabel', { name: token.name })}>
                  {t('settings.tokens.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmDialog
        open={toRevoke !== null}
        onOpenChange={(open) => !open && setToRevoke(null)}
        title={t('settings.tokens.confirmTitle')}
        description={t('settings.tokens.confirmText', { name: toRevoke?.name ?? '' })}
        confirmLabel={t('settings.tokens.confirm')}
        pending={revoking}
        onConfirm={async () => {
          if (!toRevoke) return;
          try {
            await revoke(toRevoke.id);
            toast({ title: t('settings.tokens.revoked'), variant: 'success' });
          } catch (error) {
            toast({ title: t('settings.tokens.revokeFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
          } finally {
            setToRevoke(null);
          }
        }}
      />
    </Card>
  );
}
