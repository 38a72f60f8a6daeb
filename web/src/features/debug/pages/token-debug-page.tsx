import { CircleCheck, CircleX, KeyRound, ShieldQuestionMark, UserRound } from 'lucide-react';
import { ApiError } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { readToken, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCheckAuth, type AuthCheckResult } from '../api/check-auth';
import './token-debug-page.css';

/** failureText: "Server returned {status}: {text}" (spec 02 §8). */
function failureText(error: Error): string {
  if (error instanceof ApiError) return translate('admin.debug.serverReturned', { status: error.status, text: error.statusText || error.body });
  return error.message;
}

/** TokenDebugPage (/debug/token): the current user, the stored token and a server check. */
export function TokenDebugPage() {
  const t = useT();
  useDocumentTitle(t('admin.debug.title'));
  const { user, impersonation } = useSession();
  const token = readToken();
  const { trigger, data, error, isMutating } = useCheckAuth();
  const { toast } = useToast();

  const onCheck = async () => {
    try {
      const result: AuthCheckResult = await trigger();
      toast(
        result.authenticated
          ? { title: t('admin.debug.check'), description: t('admin.debug.ok'), variant: 'success' }
          : { title: t('admin.debug.check'), description: t('admin.debug.notOk'), variant: 'destructive' },
      );
    } catch (failure) {
      toast({
        title: t('admin.debug.checkFailed'),
        description: failureText(failure instanceof Error ? failure : new Error(String(failure))),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="token-debug">
      <PageHeader
        eyebrow={t('admin.debug.eyebrow')}
        title={t('admin.debug.title')}
        description={t('admin.debug.text')}
      />
      <div className="token-debug__grid">
        <Card>
          <CardHeader icon={<UserRound size={20} />} title={t('admin.debug.currentUser')} />
          <CardBody>
            {user ? (
              <pre className="code-block" aria-label={t('admin.debug.userObject')}>
                {JSON.stringify(user, null, 2)}
              </pre>
            ) : (
              <p className="muted">{t('admin.debug.noUser')}</p>
            )}
            {impersonation ? (
              <p className="token-debug__note">
                {t('admin.debug.impersonating')} <strong>{impersonation.originalUser.username}</strong>
              </p>
            ) : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader icon={<KeyRound size={20} />} title={t('admin.debug.token')} />
          <CardBody>
            <dl className="token-debug__facts">
              <dt>{t('admin.debug.tokenExists')}</dt>
              <dd>
                {token ? (
                  <span className="pill pill--ok">{t('admin.yes')}</span>
                ) : (
                  <span className="pill pill--bad">{t('admin.no')}</span>
                )}
              </dd>
            </dl>
            {token ? (
              <pre className="code-block code-block--wrap" aria-label={t('admin.debug.storedToken')}>
                {token}
              </pre>
            ) : (
              <p className="muted">{t('admin.debug.noToken')}</p>
            )}
          </CardBody>
        </Card>
        <Card className="token-debug__check">
          <CardHeader
            icon={<ShieldQuestionMark size={20} />}
            title={t('admin.debug.serverCheck')}
            description={t('admin.debug.serverCheckText')}
          />
          <CardBody>
            <Button onClick={onCheck} loading={isMutating}>
              {isMutating ? t('admin.debug.checking') : t('admin.debug.checkButton')}
            </Button>
            <div className="token-debug__result" aria-live="polite">
              {error && !isMutating ? (
                <Alert variant="destructive" title={t('admin.debug.checkFailed')}>
                  {failureText(error)}
                </Alert>
              ) : null}
              {data && !error && !isMutating ? (
                <div className="token-debug__outcome">
                  {data.authenticated ? (
                    <p className="token-debug__verdict token-debug__verdict--ok">
                      <CircleCheck size={18} aria-hidden="true" /> {t('admin.debug.ok')}
                    </p>
                  ) : (
                    <p className="token-debug__verdict token-debug__verdict--bad">
                      <CircleX size={18} aria-hidden="true" /> {t('admin.debug.notOk')}
                    </p>
                  )}
                  <pre className="code-block" aria-label={t('admin.debug.serverResult')}>
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
