import { CheckCircle2, Fingerprint, History, KeyRound, LogOut, MonitorSmartphone, Pencil, Plus, ShieldCheck, ShieldOff, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { RecoveryCodes, TotpQr } from '@/components/two-factor/two-factor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyServerErrors, Form, FormInput, useZodForm } from '@/components/ui/form';
import { ListStates } from '@/components/ui/list-states';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { formatDate, localDate, parseDate } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n/locale';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { createPasskey, passkeysSupported } from '@/lib/passkeys';
import { timeAgo } from '@/lib/time-ago';
import {
  METHOD_LABELS,
  confirmSchema,
  passkeyNameSchema,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useSetSiteSecurity,
  useSiteSecurity,
  type Passkey,
  useIdentities,
  useUnlinkIdentity,
  type Identity,
  describeDevice,
  disableSchema,
  useConfirmTotp,
  useDisableTotp,
  useEndOtherSessions,
  useEndSession,
  useSessions,
  useSignIns,
  useStartTotp,
  useTwoFactor,
  type SessionItem,
  type TotpSetup,
} from '../api/security';
import './security-section.css';

/** "Nov 27, 2026 14:05" as English always wrote it; another language's own order through Intl. */
function dateAndTime(value: string): string {
  const date = parseDate(value);
  if (!date || currentLocale() === 'en') return formatDate(value, 'MMM d, yyyy HH:mm');
  return localDate(date, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** methodLabel: a sign-in method's name in the shown language (the raw method when unknown). */
function methodLabel(method: string): string {
  const key = (METHOD_LABELS as Record<string, (typeof METHOD_LABELS)[keyof typeof METHOD_LABELS] | undefined>)[method];
  return key ? translate(key) : method;
}


/**
 * ConfirmOnItem: the confirm dialog of an action on one listed item (sign a session out,
 * remove a passkey, unlink an identity): open while item is set, a toast for either outcome,
 * closed afterwards whatever happened.
 */
function ConfirmOnItem<T>({ item, clear, title, description, confirmLabel, pending, act, done, failed }: {
  item: T | null;
  clear: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  act: (item: T) => Promise<unknown>;
  done: string;
  failed: string;
}) {
  const { toast } = useToast();
  const t = useT();
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && clear()}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pending={pending}
      onConfirm={async () => {
        if (item === null) return;
        try {
          await act(item);
          toast({ title: done, variant: 'success' });
        } catch (error) {
          toast({ title: failed, description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
        } finally {
          clear();
        }
      }}
    />
  );
}

/** A 6-digit code as an example, the same in every language. */
const CODE_EXAMPLE = '123456';

/** The enrolment: scan, then confirm with a code. */
function EnrolTotp({ setup, onDone, onCancel }: { setup: TotpSetup; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useZodForm(confirmSchema, { defaultValues: { code: '' } });
  const { trigger, isMutating } = useConfirmTotp();
  const t = useT();
  return (
    <div className="security-enrol">
      <TotpQr {...setup} />
      <Form
        form={form}
        className="security-enrol__form"
        onSubmit={async (values) => {
          try {
            onDone((await trigger(values)).recoveryCodes);
          } catch (error) {
            applyServerErrors(form, error);
            form.setError('code', { message: getErrorMessage(error, t('settings.security.invalidCode')) });
          }
        }}
      >
        <FormInput name="code" label={t('settings.security.codeFromApp')} inputMode="numeric" autoComplete="one-time-code" placeholder={CODE_EXAMPLE} />
        <div className="security-actions">
          <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" loading={isMutating} icon={<ShieldCheck size={16} aria-hidden="true" />}>
            {t('settings.security.turnOn')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** Turning off: the password confirms. */
function DisableTotp({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const form = useZodForm(disableSchema, { defaultValues: { password: '' } });
  const { trigger, isMutating } = useDisableTotp();
  const t = useT();
  return (
    <Form
      form={form}
      className="security-enrol__form"
      onSubmit={async (values) => {
        try {
          await trigger(values);
          onDone();
        } catch (error) {
          applyServerErrors(form, error);
          if (!form.formState.errors.password) form.setError('password', { message: getErrorMessage(error, t('settings.tryAgain')) });
        }
      }}
    >
      <FormInput name="password" label={t('settings.yourPassword')} type="password" autoComplete="current-password" />
      <div className="security-actions">
        <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
          {t('settings.cancel')}
        </Button>
        <Button type="submit" variant="danger" loading={isMutating} icon={<ShieldOff size={16} aria-hidden="true" />}>
          {t('settings.security.turnOff')}
        </Button>
      </div>
    </Form>
  );
}

/** Two-factor sign-in: status, enrolment with a QR code, recovery codes, turning off. */
function TwoFactorCard() {
  const status = useTwoFactor();
  const start = useStartTotp();
  const { toast } = useToast();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const t = useT();
  const s = status.data;

  let body;
  if (status.isLoading) {
    body = (
      <LoadingRegion label={t('settings.security.loading2fa')}>
        <Skeleton height={48} radius={10} />
      </LoadingRegion>
    );
  } else if (status.error || !s) {
    body = (
      <div className="security-error" role="alert">
        <p>{getErrorMessage(status.error, t('settings.security.load2faFailed'))}</p>
        <Button variant="outline" onClick={() => void status.mutate()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  } else if (codes) {
    body = (
      <>
        <RecoveryCodes codes={codes} />
        <div className="security-actions">
          <Button onClick={() => setCodes(null)}>{t('settings.done')}</Button>
        </div>
      </>
    );
  } else if (setup) {
    body = (
      <EnrolTotp
        setup={setup}
        onCancel={() => setSetup(null)}
        onDone={(c) => {
          setSetup(null);
          setCodes(c);
          toast({ title: t('settings.security.isOn'), variant: 'success' });
        }}
      />
    );
  } else if (s.totpEnabled) {
    body = (
      <>
        <div className="security-status">
          <Badge tone="green">{t('settings.on')}</Badge>
          <span>{t('settings.security.codesLeft', { count: s.recoveryCodesLeft })}</span>
        </div>
        {s.requiredBySite ? (
          <p className="muted">{t('settings.security.requiredStaysOn')}</p>
        ) : disabling ? (
          <DisableTotp
            onCancel={() => setDisabling(false)}
            onDone={() => {
              setDisabling(false);
              toast({ title: t('settings.security.isOff'), variant: 'success' });
            }}
          />
        ) : (
          <div className="security-actions">
            <Button variant="outline" icon={<ShieldOff size={16} aria-hidden="true" />} onClick={() => setDisabling(true)}>
              {t('settings.security.turnOff')}
            </Button>
          </div>
        )}
      </>
    );
  } else {
    body = (
      <>
        <div className="security-status">
          <Badge tone="neutral">{t('settings.off')}</Badge>
          <span>{s.requiredBySite ? t('settings.security.requiredNext') : t('settings.security.onlyPassword')}</span>
        </div>
        <div className="security-actions">
          <Button
            icon={<ShieldCheck size={16} aria-hidden="true" />}
            loading={start.isMutating}
            onClick={async () => {
              try {
                setSetup(await start.trigger());
              } catch (error) {
                toast({ title: t('settings.security.startFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
              }
            }}
          >
            {t('settings.security.setUp')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader
        icon={<ShieldCheck size={18} />}
        title={<span id="two-factor-title">{t('settings.security.twoFactor')}</span>}
        description={t('settings.security.twoFactorText')}
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

/** The open sessions, each with Sign out, and Sign out everywhere else. */
function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const others = useEndOtherSessions();
  const { toast } = useToast();
  const [toEnd, setToEnd] = useState<SessionItem | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const t = useT();
  const anyOther = sessions.items.some((x) => !x.current);
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        icon={<MonitorSmartphone size={18} />}
        title={<span id="sessions-title">{t('settings.security.sessions')}</span>}
        description={t('settings.security.sessionsText')}
      />
      <CardBody>
        {anyOther ? (
          <div className="security-toolbar">
            <Button variant="outline" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setEndingOthers(true)}>
              {t('settings.security.signOutOthers')}
            </Button>
          </div>
        ) : null}
        <ListStates
          query={sessions}
          compact
          noun="sessions"
          isEmpty={sessions.items.length === 0}
          loading={{ label: t('settings.security.loadingSessions'), rows: 2, height: 52 }}
          errorTitle={t('settings.security.sessionsFailed')}
          empty={{ icon: <MonitorSmartphone size={20} />, title: t('settings.security.noSessions') }}
          pager={sessions}
        >
          <ul className="security-list">
            {sessions.items.map((x) => (
              <li key={x.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{describeDevice(x.userAgent)}</span>
                  {x.current ? <Badge tone="green">{t('settings.devices.thisDevice')}</Badge> : null}
                </div>
                <div className="security-list__meta muted">
                  <span>{x.address || t('settings.security.unknownAddress')}</span>
                  <span>{methodLabel(x.method)}</span>
                  <span>{t('settings.security.signedInOn', { date: formatDate(x.createdAt) })}</span>
                  <span>{x.lastSeenAt ? t('settings.security.lastSeen', { when: timeAgo(x.lastSeenAt) }) : ''}</span>
                </div>
                {x.current ? null : (
                  <Button variant="ghost" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setToEnd(x)} aria-label={t('settings.security.signOutLabel', { device: describeDevice(x.userAgent), address: x.address })}>
                    {t('settings.security.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmOnItem
        item={toEnd}
        clear={() => setToEnd(null)}
        title={t('settings.security.signOutTitle')}
        description={t('settings.security.signOutText', { device: toEnd ? describeDevice(toEnd.userAgent) : '' })}
        confirmLabel={t('settings.security.signOut')}
        pending={end.isMutating}
        act={(s) => end.trigger(s.id)}
        done={t('settings.security.signedOut')}
        failed={t('settings.security.signOutFailed')}
      />
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title={t('settings.security.othersTitle')}
        description={t('settings.security.othersText')}
        confirmLabel={t('settings.security.signOutOthers')}
        pending={others.isMutating}
        onConfirm={async () => {
          try {
            const { revoked } = await others.trigger();
            toast({ title: t('settings.security.othersDone', { count: revoked }), variant: 'success' });
          } catch (error) {
            toast({ title: t('settings.security.othersFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
          } finally {
            setEndingOthers(false);
          }
        }}
      />
    </Card>
  );
}

/** The recent sign-ins, successful or not, with the method. */
function SignInsCard() {
  const list = useSignIns();
  const t = useT();
  return (
    <Card aria-labelledby="sign-ins-title">
      <CardHeader
        icon={<History size={18} />}
        title={<span id="sign-ins-title">{t('settings.security.signIns')}</span>}
        description={t('settings.security.signInsText')}
      />
      <CardBody>
        <ListStates
          query={list}
          compact
          noun="sign-ins"
          isEmpty={list.items.length === 0}
          loading={{ label: t('settings.security.loadingSignIns'), rows: 3, height: 40 }}
          errorTitle={t('settings.security.signInsFailed')}
          empty={{ icon: <History size={20} />, title: t('settings.security.noSignIns') }}
          pager={list}
        >
          <ul className="security-list security-list--dense">
            {list.items.map((e) => (
              <li key={e.id} className="security-list__item">
                <div className="security-list__main">
                  {e.success ? (
                    <CheckCircle2 size={16} aria-hidden="true" className="security-ok" />
                  ) : (
                    <XCircle size={16} aria-hidden="true" className="security-failed" />
                  )}
                  <span className="security-list__name">{e.success ? t('settings.security.signedIn') : t('settings.security.failed')}</span>
                  <span className="muted">{methodLabel(e.method)}</span>
                </div>
                <div className="security-list__meta muted">
                  <span>{dateAndTime(e.at)}</span>
                  <span>{e.address || t('settings.security.unknownAddress')}</span>
                  <span>{describeDevice(e.userAgent)}</span>
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
    </Card>
  );
}

/** The name form, for a new passkey and for renaming one. */
function PasskeyNameForm({ initial, submitLabel, pending, onSubmit, onCancel }: {
  initial: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(passkeyNameSchema, { defaultValues: { name: initial } });
  const t = useT();
  return (
    <Form
      form={form}
      className="security-enrol__form"
      onSubmit={async ({ name }) => {
        try {
          await onSubmit(name);
        } catch (error) {
          applyServerErrors(form, error);
          if (!form.formState.errors.name) form.setError('name', { message: error instanceof DOMException ? t('settings.security.promptCancelled') : getErrorMessage(error, t('settings.tryAgain')) });
        }
      }}
    >
      <FormInput name="name" label={t('settings.security.passkeyName')} placeholder={t('settings.security.passkeyPlaceholder')} description={t('settings.security.passkeyNameText')} />
      <div className="security-actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {t('settings.cancel')}
        </Button>
        <Button type="submit" loading={pending} icon={<Fingerprint size={16} aria-hidden="true" />}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/** Passkeys: sign in without a password; add, rename and remove them. */
function PasskeysCard() {
  const keys = usePasskeys();
  const add = useAddPasskey(createPasskey);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const { toast } = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [toRemove, setToRemove] = useState<Passkey | null>(null);
  const list = keys.data ?? [];
  const supported = passkeysSupported();
  const t = useT();
  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader
        icon={<Fingerprint size={18} />}
        title={<span id="passkeys-title">{t('settings.security.passkeys')}</span>}
        description={t('settings.security.passkeysText')}
      />
      <CardBody>
        {!supported ? <p className="muted">{t('settings.security.noPasskeySupport')}</p> : null}
        {supported && !adding && !renaming ? (
          <div className="security-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              {t('settings.security.addPasskey')}
            </Button>
          </div>
        ) : null}
        {adding ? (
          <PasskeyNameForm
            initial=""
            submitLabel={t('settings.security.createPasskey')}
            pending={add.isMutating}
            onCancel={() => setAdding(false)}
            onSubmit={async (name) => {
              await add.trigger({ name });
              setAdding(false);
              toast({ title: t('settings.security.passkeyAdded'), variant: 'success' });
            }}
          />
        ) : null}
        {renaming ? (
          <PasskeyNameForm
            initial={renaming.name}
            submitLabel={t('settings.security.rename')}
            pending={rename.isMutating}
            onCancel={() => setRenaming(null)}
            onSubmit={async (name) => {
              await rename.trigger({ id: renaming.id, name });
              setRenaming(null);
            }}
          />
        ) : null}
        <ListStates
          query={keys}
          compact
          noun="passkeys"
          isEmpty={list.length === 0}
          loading={{ label: t('settings.security.loadingPasskeys'), rows: 1, height: 52 }}
          errorTitle={t('settings.security.passkeysFailed')}
          empty={{ icon: <Fingerprint size={20} />, title: t('settings.security.noPasskeys'), text: t('settings.security.noPasskeysText') }}
        >
          <ul className="security-list">
            {list.map((k) => (
              <li key={k.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{k.name}</span>
                </div>
                <div className="security-list__meta muted">
                  <span>{t('settings.security.added', { date: formatDate(k.createdAt) })}</span>
                  <span>{k.lastUsedAt ? t('settings.lastUsed', { when: timeAgo(k.lastUsedAt) }) : t('settings.neverUsed')}</span>
                </div>
                <div className="security-list__buttons">
                  <Button variant="ghost" icon={<Pencil size={16} aria-hidden="true" />} onClick={() => setRenaming(k)} aria-label={t('settings.security.renameLabel', { name: k.name })}>
                    {t('settings.security.rename')}
                  </Button>
                  <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToRemove(k)} aria-label={t('settings.security.removeLabel', { name: k.name })}>
                    {t('settings.security.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmOnItem
        item={toRemove}
        clear={() => setToRemove(null)}
        title={t('settings.security.removeTitle')}
        description={t('settings.security.removeText', { name: toRemove?.name ?? '' })}
        confirmLabel={t('settings.security.removePasskey')}
        pending={remove.isMutating}
        act={(k) => remove.trigger(k.id)}
        done={t('settings.security.passkeyRemoved')}
        failed={t('settings.security.removeFailed')}
      />
    </Card>
  );
}

/** Single sign-on: the account's identity at the provider; unlinking needs a password. */
function IdentitiesCard() {
  const ids = useIdentities();
  const unlink = useUnlinkIdentity();
  const [toUnlink, setToUnlink] = useState<Identity | null>(null);
  const t = useT();
  const data = ids.data;
  if (!ids.error && (!data || (!data.provider && data.identities.length === 0))) return null;
  const provider = data?.provider || t('settings.security.yourProvider');
  const list = data?.identities ?? [];
  return (
    <Card aria-labelledby="identities-title">
      <CardHeader
        icon={<KeyRound size={18} />}
        title={<span id="identities-title">{t('settings.security.method.oidc')}</span>}
        description={t('settings.security.ssoText', { provider })}
      />
      <CardBody>
        <ListStates
          query={ids}
          compact
          noun="linked identities"
          isEmpty={list.length === 0}
          loading={{ label: t('settings.security.loadingIdentities'), rows: 1, height: 52 }}
          errorTitle={t('settings.security.identitiesFailed')}
          empty={{ icon: <KeyRound size={20} />, title: t('settings.security.notLinked'), text: t('settings.security.notLinkedText', { provider }) }}
        >
          <ul className="security-list">
            {list.map((id) => (
              <li key={id.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{id.email || provider}</span>
                  <Badge tone="green">{t('settings.security.linked')}</Badge>
                </div>
                <div className="security-list__meta muted">
                  <span>{id.issuer}</span>
                  <span>{t('settings.security.linkedOn', { date: formatDate(id.createdAt) })}</span>
                  <span>{id.lastUsedAt ? t('settings.lastUsed', { when: timeAgo(id.lastUsedAt) }) : t('settings.neverUsed')}</span>
                </div>
                <div className="security-list__buttons">
                  {data?.hasPassword ? (
                    <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToUnlink(id)}>
                      {t('settings.security.unlink')}
                    </Button>
                  ) : (
                    <span className="muted">{t('settings.security.setPassword')}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      </CardBody>
      <ConfirmOnItem
        item={toUnlink}
        clear={() => setToUnlink(null)}
        title={t('settings.security.unlinkTitle')}
        description={t('settings.security.unlinkText', { provider })}
        confirmLabel={t('settings.security.unlink')}
        pending={unlink.isMutating}
        act={(i) => unlink.trigger(i.id)}
        done={t('settings.security.unlinked')}
        failed={t('settings.security.unlinkFailed')}
      />
    </Card>
  );
}

/** A site admin's switch: require a second factor of the site's users. */
function SiteTwoFactorCard({ siteId }: { siteId: number }) {
  const state = useSiteSecurity(siteId);
  const set = useSetSiteSecurity(siteId);
  const { toast } = useToast();
  const t = useT();
  return (
    <Card aria-labelledby="site-2fa-title">
      <CardHeader
        icon={<ShieldCheck size={18} />}
        title={<span id="site-2fa-title">{t('settings.security.site')}</span>}
        description={t('settings.security.siteText')}
      />
      <CardBody>
        {state.isLoading ? (
          <LoadingRegion label={t('settings.security.loadingSite')}>
            <Skeleton height={32} radius={8} />
          </LoadingRegion>
        ) : state.error ? (
          <p role="alert">{getErrorMessage(state.error, t('settings.security.siteFailed'))}</p>
        ) : (
          <Switch
            label={t('settings.security.require')}
            checked={Boolean(state.data?.requireTwoFactor)}
            disabled={set.isMutating}
            onCheckedChange={async (on) => {
              try {
                await set.trigger(on);
                toast({ title: on ? t('settings.security.required') : t('settings.security.optional'), variant: 'success' });
              } catch (error) {
                toast({ title: t('settings.security.changeFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
              }
            }}
          />
        )}
      </CardBody>
    </Card>
  );
}

/** SecuritySection is Settings › Security (issue 28); a site's admin also sees their site's switch. */
export function SecuritySection({ manageSiteId = null }: { manageSiteId?: number | null }) {
  const t = useT();
  return (
    <section className="settings-security" aria-labelledby="security-title">
      <h2 id="security-title" className="settings-security__title">
        {t('settings.security.title')}
      </h2>
      <TwoFactorCard />
      <PasskeysCard />
      <IdentitiesCard />
      <SessionsCard />
      <SignInsCard />
      {manageSiteId ? <SiteTwoFactorCard siteId={manageSiteId} /> : null}
    </section>
  );
}
