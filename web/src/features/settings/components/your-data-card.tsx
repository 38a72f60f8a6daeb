import { Download, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useIdentities } from '../api/security';
import { deleteOwnAccount, useDownloadMyData } from '../api/user-data';
import './import-card.css';

/** YourDataCard (Settings › Download my data): a zip of everything the user keeps. */
export function YourDataCard() {
  const download = useDownloadMyData();
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const t = useT();
  return (
    <Card aria-labelledby="your-data-title">
      <CardHeader
        icon={<Download size={18} />}
        title={<span id="your-data-title">{t('settings.data.title')}</span>}
        description={t('settings.data.description')}
      />
      <CardBody className="import-card">
        <p className="muted">{t('settings.data.text')}</p>
        <div className="import-card__actions">
          <Button
            variant="outline"
            icon={<Download size={16} aria-hidden="true" />}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await download();
              } catch (error) {
                toast({ title: t('settings.data.downloadFailed'), description: getErrorMessage(error, t('settings.tryAgain')), variant: 'destructive' });
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('settings.data.download')}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * DeleteAccountCard (Settings › Delete account): with the password and a confirmation the
 * account goes for good; superadmins and the protected account are told why they cannot. An
 * account made by single sign-on has no password: a sign-in of the last ten minutes stands in
 * for it (the server checks; the card says so).
 */
export function DeleteAccountCard({ blocked }: { blocked?: string }) {
  const { logout } = useSession();
  const identities = useIdentities();
  const passwordless = identities.data?.hasPassword === false;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const t = useT();
  return (
    <Card aria-labelledby="delete-account-title">
      <CardHeader
        icon={<UserX size={18} />}
        title={<span id="delete-account-title">{t('settings.delete.title')}</span>}
        description={t('settings.delete.description')}
      />
      <CardBody className="import-card">
        {blocked ? (
          <p className="muted">{blocked}</p>
        ) : (
          <form
            className="import-card__choose"
            aria-label={t('settings.delete.title')}
            onSubmit={(e) => {
              e.preventDefault();
              if (!password && !passwordless) {
                setError(t('settings.delete.passwordRequired'));
                return;
              }
              setError(undefined);
              setConfirming(true);
            }}
          >
            {passwordless ? (
              <p className="muted" role={error ? 'alert' : undefined}>
                {error ??
                  t('settings.delete.passwordless', { provider: identities.data?.provider || t('settings.delete.sso') })}
              </p>
            ) : (
              <Field
                label={t('shared.account.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                error={error}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
            <Button type="submit" variant="danger" icon={<Trash2 size={16} aria-hidden="true" />}>
              {t('settings.delete.confirm')}
            </Button>
          </form>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('settings.delete.confirmTitle')}
          description={t('settings.delete.confirmText')}
          confirmLabel={t('settings.delete.confirm')}
          destructive
          pending={pending}
          onConfirm={async () => {
            setPending(true);
            try {
              await deleteOwnAccount(password);
              setConfirming(false);
              await logout();
            } catch (e) {
              setConfirming(false);
              setError(getFieldErrors(e).password ?? getErrorMessage(e, t('settings.delete.failed')));
            } finally {
              setPending(false);
            }
          }}
        />
      </CardBody>
    </Card>
  );
}
