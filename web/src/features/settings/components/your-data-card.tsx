import { Download, Trash2, UserX } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage, getFieldErrors } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/lib/session';
import { useIdentities } from '../api/security';
import { deleteOwnAccount, useDownloadMyData } from '../api/user-data';
import './import-card.css';

/** YourDataCard (Settings › Download my data): a zip of everything the user keeps. */
export function YourDataCard() {
  const download = useDownloadMyData();
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  return (
    <Card aria-labelledby="your-data-title">
      <CardHeader
        icon={<Download size={18} />}
        title={<span id="your-data-title">Your data</span>}
        description="Take everything with you: plants, care log, tasks, journal, harvests, plans, listings, posts and photos."
      />
      <CardBody className="import-card">
        <p className="muted">A zip with a JSON and a CSV file for each kind of data, and every photo. Passwords and token secrets are never included.</p>
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
                toast({ title: 'Could not download your data', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
              } finally {
                setBusy(false);
              }
            }}
          >
            Download my data
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
  return (
    <Card aria-labelledby="delete-account-title">
      <CardHeader
        icon={<UserX size={18} />}
        title={<span id="delete-account-title">Delete account</span>}
        description="Leave Garden for good. Download your data first if you want to keep it."
      />
      <CardBody className="import-card">
        {blocked ? (
          <p className="muted">{blocked}</p>
        ) : (
          <form
            className="import-card__choose"
            aria-label="Delete account"
            onSubmit={(e) => {
              e.preventDefault();
              if (!password && !passwordless) {
                setError('Enter your password to delete your account');
                return;
              }
              setError(undefined);
              setConfirming(true);
            }}
          >
            {passwordless ? (
              <p className="muted" role={error ? 'alert' : undefined}>
                {error ??
                  `Your account signs in with ${identities.data?.provider || 'single sign-on'} and has no password. Within 10 minutes of signing in, you can delete it here; after that, sign out and in again first.`}
              </p>
            ) : (
              <Field
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={error}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
            <Button type="submit" variant="danger" icon={<Trash2 size={16} aria-hidden="true" />}>
              Delete my account
            </Button>
          </form>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete your account for good?"
          description={
            <>
              Your plants, care log, tasks, journal, harvests, layouts, plans, listings, API tokens and photos are deleted and cannot be
              brought back. Your forum posts, answers and messages stay for the people who rely on them, shown as by &ldquo;Deleted
              user&rdquo;.
            </>
          }
          confirmLabel="Delete my account"
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
              setError(getFieldErrors(e).password ?? getErrorMessage(e, 'The account could not be deleted. Please try again.'));
            } finally {
              setPending(false);
            }
          }}
        />
      </CardBody>
    </Card>
  );
}
