import { CircleCheck, CircleX, KeyRound, ShieldQuestionMark, UserRound } from 'lucide-react';
import { ApiError } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { readToken, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckAuth, type AuthCheckResult } from '../api/check-auth';
import './token-debug-page.css';

/** failureText: "Server returned {status}: {text}" (spec 02 §8). */
function failureText(error: Error): string {
  if (error instanceof ApiError) return `Server returned ${error.status}: ${error.statusText || error.body}`;
  return error.message;
}

/** TokenDebugPage (/debug/token): the current user, the stored token and a server check. */
export function TokenDebugPage() {
  useDocumentTitle('Token Debug');
  const { user, impersonation } = useSession();
  const token = readToken();
  const { trigger, data, error, isMutating } = useCheckAuth();
  const { toast } = useToast();

  const onCheck = async () => {
    try {
      const result: AuthCheckResult = await trigger();
      toast(
        result.authenticated
          ? { title: 'Authentication Check', description: 'Successfully authenticated with the server', variant: 'success' }
          : { title: 'Authentication Check', description: 'Failed to authenticate with the server', variant: 'destructive' },
      );
    } catch (failure) {
      toast({
        title: 'Authentication Check Failed',
        description: failureText(failure instanceof Error ? failure : new Error(String(failure))),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="token-debug">
      <PageHeader
        eyebrow="Debug"
        title="Token Debug"
        description="What this browser knows about your session, and what the server thinks of it."
      />
      <div className="token-debug__grid">
        <Card>
          <CardHeader icon={<UserRound size={20} />} title="Current user" />
          <CardBody>
            {user ? (
              <pre className="code-block" aria-label="Current user object">
                {JSON.stringify(user, null, 2)}
              </pre>
            ) : (
              <p className="muted">No user is signed in.</p>
            )}
            {impersonation ? (
              <p className="token-debug__note">
                Impersonating; original user: <strong>{impersonation.originalUser.username}</strong>
              </p>
            ) : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader icon={<KeyRound size={20} />} title="Token" />
          <CardBody>
            <dl className="token-debug__facts">
              <dt>Token exists</dt>
              <dd>
                {token ? (
                  <span className="pill pill--ok">Yes</span>
                ) : (
                  <span className="pill pill--bad">No</span>
                )}
              </dd>
            </dl>
            {token ? (
              <pre className="code-block code-block--wrap" aria-label="Stored token">
                {token}
              </pre>
            ) : (
              <p className="muted">No token is stored in this browser.</p>
            )}
          </CardBody>
        </Card>
        <Card className="token-debug__check">
          <CardHeader
            icon={<ShieldQuestionMark size={20} />}
            title="Server check"
            description="Asks GET /api/auth-check whether the server accepts the stored token."
          />
          <CardBody>
            <Button onClick={onCheck} loading={isMutating}>
              {isMutating ? 'Checking…' : 'Check Authentication'}
            </Button>
            <div className="token-debug__result" aria-live="polite">
              {error && !isMutating ? (
                <Alert variant="destructive" title="Authentication Check Failed">
                  {failureText(error)}
                </Alert>
              ) : null}
              {data && !error && !isMutating ? (
                <div className="token-debug__outcome">
                  {data.authenticated ? (
                    <p className="token-debug__verdict token-debug__verdict--ok">
                      <CircleCheck size={18} aria-hidden="true" /> Successfully authenticated with the server
                    </p>
                  ) : (
                    <p className="token-debug__verdict token-debug__verdict--bad">
                      <CircleX size={18} aria-hidden="true" /> Failed to authenticate with the server
                    </p>
                  )}
                  <pre className="code-block" aria-label="Server result">
                    {JSON.stringify(data, null, 2)}
                  </pre>
                </div>
              ) : null}
            </div>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
