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
import { formatDate } from '@/lib/dates';
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
          toast({ title: failed, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
        } finally {
          clear();
        }
      }}
    />
  );
}

/** The enrolment: scan, then confirm with a code. */
function EnrolTotp({ setup, onDone, onCancel }: { setup: TotpSetup; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useZodForm(confirmSchema, { defaultValues: { code: '' } });
  const { trigger, isMutating } = useConfirmTotp();
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
            form.setError('code', { message: getErrorMessage(error, 'Invalid verification code') });
          }
        }}
      >
        <FormInput name="code" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" placeholder="123456" />
        <div className="security-actions">
          <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
            Cancel
          </Button>
          <Button type="submit" loading={isMutating} icon={<ShieldCheck size={16} aria-hidden="true" />}>
            Turn on
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
          if (!form.formState.errors.password) form.setError('password', { message: getErrorMessage(error, 'Please try again.') });
        }
      }}
    >
      <FormInput name="password" label="Your password" type="password" autoComplete="current-password" />
      <div className="security-actions">
        <Button variant="ghost" onClick={onCancel} disabled={isMutating}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={isMutating} icon={<ShieldOff size={16} aria-hidden="true" />}>
          Turn off
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
  const s = status.data;

  let body;
  if (status.isLoading) {
    body = (
      <LoadingRegion label="Loading two-factor sign-in…">
        <Skeleton height={48} radius={10} />
      </LoadingRegion>
    );
  } else if (status.error || !s) {
    body = (
      <div className="security-error" role="alert">
        <p>{getErrorMessage(status.error, 'Failed to load two-factor sign-in')}</p>
        <Button variant="outline" onClick={() => void status.mutate()}>
          Try again
        </Button>
      </div>
    );
  } else if (codes) {
    body = (
      <>
        <RecoveryCodes codes={codes} />
        <div className="security-actions">
          <Button onClick={() => setCodes(null)}>Done</Button>
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
          toast({ title: 'Two-factor sign-in is on', variant: 'success' });
        }}
      />
    );
  } else if (s.totpEnabled) {
    body = (
      <>
        <div className="security-status">
          <Badge tone="green">On</Badge>
          <span>
            Authenticator app · {s.recoveryCodesLeft} recovery {s.recoveryCodesLeft === 1 ? 'code' : 'codes'} left
          </span>
        </div>
        {s.requiredBySite ? (
          <p className="muted">Your site requires two-factor sign-in, so it stays on.</p>
        ) : disabling ? (
          <DisableTotp
            onCancel={() => setDisabling(false)}
            onDone={() => {
              setDisabling(false);
              toast({ title: 'Two-factor sign-in is off', variant: 'success' });
            }}
          />
        ) : (
          <div className="security-actions">
            <Button variant="outline" icon={<ShieldOff size={16} aria-hidden="true" />} onClick={() => setDisabling(true)}>
              Turn off
            </Button>
          </div>
        )}
      </>
    );
  } else {
    body = (
      <>
        <div className="security-status">
          <Badge tone="neutral">Off</Badge>
          <span>{s.requiredBySite ? 'Your site requires it: you will set it up at your next sign-in.' : 'Only your password protects this account.'}</span>
        </div>
        <div className="security-actions">
          <Button
            icon={<ShieldCheck size={16} aria-hidden="true" />}
            loading={start.isMutating}
            onClick={async () => {
              try {
                setSetup(await start.trigger());
              } catch (error) {
                toast({ title: 'Could not start the set-up', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
              }
            }}
          >
            Set up an authenticator app
          </Button>
        </div>
      </>
    );
  }

  return (
    <Card aria-labelledby="two-factor-title">
      <CardHeader
        icon={<ShieldCheck size={18} />}
        title={<span id="two-factor-title">Two-factor sign-in</span>}
        description="After your password, Garden asks for a code from an app on your phone, so a stolen password alone cannot sign in."
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
  const anyOther = sessions.items.some((x) => !x.current);
  return (
    <Card aria-labelledby="sessions-title">
      <CardHeader
        icon={<MonitorSmartphone size={18} />}
        title={<span id="sessions-title">Where you are signed in</span>}
        description="Sign out a device you no longer use or do not recognise."
      />
      <CardBody>
        {anyOther ? (
          <div className="security-toolbar">
            <Button variant="outline" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setEndingOthers(true)}>
              Sign out everywhere else
            </Button>
          </div>
        ) : null}
        <ListStates
          query={sessions}
          compact
          noun="sessions"
          isEmpty={sessions.items.length === 0}
          loading={{ label: 'Loading sessions…', rows: 2, height: 52 }}
          errorTitle="Failed to load sessions"
          empty={{ icon: <MonitorSmartphone size={20} />, title: 'No open sessions' }}
          pager={sessions}
        >
          <ul className="security-list">
            {sessions.items.map((x) => (
              <li key={x.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{describeDevice(x.userAgent)}</span>
                  {x.current ? <Badge tone="green">This device</Badge> : null}
                </div>
                <div className="security-list__meta muted">
                  <span>{x.address || 'Unknown address'}</span>
                  <span>{METHOD_LABELS[x.method] ?? x.method}</span>
                  <span>Signed in {formatDate(x.createdAt)}</span>
                  <span>{x.lastSeenAt ? `Last seen ${timeAgo(x.lastSeenAt)}` : ''}</span>
                </div>
                {x.current ? null : (
                  <Button variant="ghost" icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setToEnd(x)} aria-label={`Sign out ${describeDevice(x.userAgent)}, ${x.address}`}>
                    Sign out
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
        title="Sign out this device?"
        description={`${toEnd ? describeDevice(toEnd.userAgent) : ''} will need your password again.`}
        confirmLabel="Sign out"
        pending={end.isMutating}
        act={(s) => end.trigger(s.id)}
        done="Signed out"
        failed="Could not sign it out"
      />
      <ConfirmDialog
        open={endingOthers}
        onOpenChange={setEndingOthers}
        title="Sign out everywhere else?"
        description="Every other browser and device signed in to your account will need your password again. This one stays signed in."
        confirmLabel="Sign out everywhere else"
        pending={others.isMutating}
        onConfirm={async () => {
          try {
            const { revoked } = await others.trigger();
            toast({ title: `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}`, variant: 'success' });
          } catch (error) {
            toast({ title: 'Could not sign out', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
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
  return (
    <Card aria-labelledby="sign-ins-title">
      <CardHeader
        icon={<History size={18} />}
        title={<span id="sign-ins-title">Recent sign-ins</span>}
        description="Every attempt to sign in to your account in the last 90 days. A failure you did not make means someone tried your password."
      />
      <CardBody>
        <ListStates
          query={list}
          compact
          noun="sign-ins"
          isEmpty={list.items.length === 0}
          loading={{ label: 'Loading sign-ins…', rows: 3, height: 40 }}
          errorTitle="Failed to load sign-ins"
          empty={{ icon: <History size={20} />, title: 'No sign-ins yet' }}
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
                  <span className="security-list__name">{e.success ? 'Signed in' : 'Failed'}</span>
                  <span className="muted">{METHOD_LABELS[e.method] ?? e.method}</span>
                </div>
                <div className="security-list__meta muted">
                  <span>{formatDate(e.at, 'MMM d, yyyy HH:mm')}</span>
                  <span>{e.address || 'Unknown address'}</span>
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
  return (
    <Form
      form={form}
      className="security-enrol__form"
      onSubmit={async ({ name }) => {
        try {
          await onSubmit(name);
        } catch (error) {
          applyServerErrors(form, error);
          if (!form.formState.errors.name) form.setError('name', { message: error instanceof DOMException ? 'The passkey prompt was cancelled.' : getErrorMessage(error, 'Please try again.') });
        }
      }}
    >
      <FormInput name="name" label="Passkey name" placeholder="Laptop, phone…" description="So you can tell your passkeys apart." />
      <div className="security-actions">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
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
  return (
    <Card aria-labelledby="passkeys-title">
      <CardHeader
        icon={<Fingerprint size={18} />}
        title={<span id="passkeys-title">Passkeys</span>}
        description="Sign in with your fingerprint, face or device PIN instead of your password and code. A passkey counts as both factors."
      />
      <CardBody>
        {!supported ? <p className="muted">This browser cannot use passkeys.</p> : null}
        {supported && !adding && !renaming ? (
          <div className="security-toolbar">
            <Button variant="outline" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
              Add a passkey
            </Button>
          </div>
        ) : null}
        {adding ? (
          <PasskeyNameForm
            initial=""
            submitLabel="Create passkey"
            pending={add.isMutating}
            onCancel={() => setAdding(false)}
            onSubmit={async (name) => {
              await add.trigger({ name });
              setAdding(false);
              toast({ title: 'Passkey added', variant: 'success' });
            }}
          />
        ) : null}
        {renaming ? (
          <PasskeyNameForm
            initial={renaming.name}
            submitLabel="Rename"
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
          loading={{ label: 'Loading passkeys…', rows: 1, height: 52 }}
          errorTitle="Failed to load passkeys"
          empty={{ icon: <Fingerprint size={20} />, title: 'No passkeys', text: 'Add one on each device you sign in from.' }}
        >
          <ul className="security-list">
            {list.map((k) => (
              <li key={k.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{k.name}</span>
                </div>
                <div className="security-list__meta muted">
                  <span>Added {formatDate(k.createdAt)}</span>
                  <span>{k.lastUsedAt ? `Last used ${timeAgo(k.lastUsedAt)}` : 'Never used'}</span>
                </div>
                <div className="security-list__buttons">
                  <Button variant="ghost" icon={<Pencil size={16} aria-hidden="true" />} onClick={() => setRenaming(k)} aria-label={`Rename ${k.name}`}>
                    Rename
                  </Button>
                  <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToRemove(k)} aria-label={`Remove ${k.name}`}>
                    Remove
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
        title="Remove this passkey?"
        description={`“${toRemove?.name ?? ''}” will no longer sign you in. Remove it from the device too.`}
        confirmLabel="Remove passkey"
        pending={remove.isMutating}
        act={(k) => remove.trigger(k.id)}
        done="Passkey removed"
        failed="Could not remove the passkey"
      />
    </Card>
  );
}

/** Single sign-on: the account's identity at the provider; unlinking needs a password. */
function IdentitiesCard() {
  const ids = useIdentities();
  const unlink = useUnlinkIdentity();
  const [toUnlink, setToUnlink] = useState<Identity | null>(null);
  const data = ids.data;
  if (!ids.error && (!data || (!data.provider && data.identities.length === 0))) return null;
  const provider = data?.provider || 'your identity provider';
  const list = data?.identities ?? [];
  return (
    <Card aria-labelledby="identities-title">
      <CardHeader
        icon={<KeyRound size={18} />}
        title={<span id="identities-title">Single sign-on</span>}
        description={`Sign in with ${provider} instead of your password.`}
      />
      <CardBody>
        <ListStates
          query={ids}
          compact
          noun="linked identities"
          isEmpty={list.length === 0}
          loading={{ label: 'Loading linked identities…', rows: 1, height: 52 }}
          errorTitle="Failed to load linked identities"
          empty={{ icon: <KeyRound size={20} />, title: 'Not linked', text: `Sign out and choose “Sign in with ${provider}” to link it.` }}
        >
          <ul className="security-list">
            {list.map((id) => (
              <li key={id.id} className="security-list__item">
                <div className="security-list__main">
                  <span className="security-list__name">{id.email || provider}</span>
                  <Badge tone="green">Linked</Badge>
                </div>
                <div className="security-list__meta muted">
                  <span>{id.issuer}</span>
                  <span>Linked {formatDate(id.createdAt)}</span>
                  <span>{id.lastUsedAt ? `Last used ${timeAgo(id.lastUsedAt)}` : 'Never used'}</span>
                </div>
                <div className="security-list__buttons">
                  {data?.hasPassword ? (
                    <Button variant="ghost" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setToUnlink(id)}>
                      Unlink
                    </Button>
                  ) : (
                    <span className="muted">Set a password to unlink</span>
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
        title="Unlink single sign-on?"
        description={`You will sign in with your password again; signing in with ${provider} later asks for it once to link again.`}
        confirmLabel="Unlink"
        pending={unlink.isMutating}
        act={(i) => unlink.trigger(i.id)}
        done="Single sign-on unlinked"
        failed="Could not unlink"
      />
    </Card>
  );
}

/** A site admin's switch: require a second factor of the site's users. */
function SiteTwoFactorCard({ siteId }: { siteId: number }) {
  const state = useSiteSecurity(siteId);
  const set = useSetSiteSecurity(siteId);
  const { toast } = useToast();
  return (
    <Card aria-labelledby="site-2fa-title">
      <CardHeader
        icon={<ShieldCheck size={18} />}
        title={<span id="site-2fa-title">Your site’s sign-in</span>}
        description="Users of your site without a second factor set one up at their next sign-in. Sessions already open stay."
      />
      <CardBody>
        {state.isLoading ? (
          <LoadingRegion label="Loading the site’s sign-in…">
            <Skeleton height={32} radius={8} />
          </LoadingRegion>
        ) : state.error ? (
          <p role="alert">{getErrorMessage(state.error, 'Failed to load the site’s sign-in')}</p>
        ) : (
          <Switch
            label="Require two-factor sign-in"
            checked={Boolean(state.data?.requireTwoFactor)}
            disabled={set.isMutating}
            onCheckedChange={async (on) => {
              try {
                await set.trigger(on);
                toast({ title: on ? 'Two-factor sign-in required' : 'Two-factor sign-in optional', variant: 'success' });
              } catch (error) {
                toast({ title: 'Could not change it', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
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
  return (
    <section className="settings-security" aria-labelledby="security-title">
      <h2 id="security-title" className="settings-security__title">
        Security
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
