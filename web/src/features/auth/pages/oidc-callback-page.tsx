import { ArrowLeft, KeyRound, Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import type { SessionResponse } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { applyServerErrors, Form, FormInput, useZodForm } from '@/components/ui/form';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { APP_NAME } from '@/lib/config';
import { saveFlashToast } from '@/lib/flash-toast';
import { useAreaTexts } from '@/lib/i18n/use-area-texts';
import { pageNavigation } from '@/lib/navigation';
import { storeLoginResponse } from '@/lib/session';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isTwoFactorDue, type TwoFactorDue } from '../api/login-2fa';
import { finishOIDC, isLinkDue, linkOIDC, linkSchema, type LinkDue, type LinkInput, type OIDCAnswer } from '../api/oidc';
import { MarketingPanel } from '../components/marketing-panel';
import { TwoFactorStep } from '../components/two-factor-step';
import '@/components/ui/page-header.css';
import './auth-page.css';

/** The password step of a first sign-in whose e-mail belongs to an existing account. */
function LinkStep({ due, onAnswer }: { due: LinkDue; onAnswer: (a: OIDCAnswer) => void }) {
  const t = useT();
  const form = useZodForm(linkSchema, { defaultValues: { password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const onSubmit = async ({ password }: LinkInput) => {
    setFailure(null);
    setPending(true);
    try {
      onAnswer(await linkOIDC(due.link.ticket, password));
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(getErrorMessage(error, t('auth.oidc.linkFailed')));
    } finally {
      setPending(false);
    }
  };
  // The username is set in bold where the language puts it.
  const [before, after] = t('auth.oidc.linkText', { username: '\u0000' }).split('\u0000');
  return (
    <Form form={form} className="login-form" onSubmit={onSubmit}>
      <p className="muted">
        {before}
        <strong>{due.link.username}</strong>
        {after}
      </p>
      {failure ? (
        <Alert variant="destructive" title={t('auth.oidc.notLinked')}>
          {failure}
        </Alert>
      ) : null}
      <FormInput name="password" label={t('auth.password')} type="password" autoComplete="current-password" autoFocus />
      <Button type="submit" size="lg" fullWidth loading={pending} icon={<Link2 size={18} aria-hidden="true" />}>
        {t('auth.oidc.link')}
      </Button>
      <LinkButton to="/auth" variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />}>
        {t('auth.back')}
      </LinkButton>
    </Form>
  );
}

/**
 * OIDCCallbackPage (/login/oidc): the identity provider sends the browser back here with code
 * and state; the page finishes the sign-in once (the flow is used once), then signs in, asks
 * for the second factor, or for the password of the account to link.
 */
export function OIDCCallbackPage() {
  // The sign-in pages' texts are the auth area's (locales/auth), off the dashboard's first load.
  return useAreaTexts('auth') ? <SingleSignOn /> : null;
}

function SingleSignOn() {
  const t = useT();
  useDocumentTitle(t('auth.oidc.docTitle'));
  const [params] = useSearchParams();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [due, setDue] = useState<TwoFactorDue | null>(null);
  const [link, setLink] = useState<LinkDue | null>(null);
  const started = useRef(false);

  const signedIn = (response: SessionResponse) => {
    storeLoginResponse(response);
    const welcome = { title: t('auth.loginSuccessful'), description: t('auth.welcomeBack', { username: response.user.username }), variant: 'success' as const };
    toast(welcome);
    saveFlashToast(welcome);
    pageNavigation.assign('/');
  };

  const onAnswer = (answer: OIDCAnswer) => {
    setLink(null);
    if (isLinkDue(answer)) setLink(answer);
    else if (isTwoFactorDue(answer)) setDue(answer);
    else signedIn(answer);
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get('error');
    if (error) {
      setFailure(params.get('error_description') || t('auth.oidc.refused'));
      return;
    }
    finishOIDC(params.get('state') ?? '', params.get('code') ?? '')
      .then(onAnswer)
      .catch((e: unknown) => setFailure(getErrorMessage(e, t('auth.oidc.notVerified'))));
    // Runs once: the answer of a used flow would only be "expired".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main id="main" className="auth-page">
      <div className="auth-page__form-side">
        <div className="auth-card">
          <div className="auth-card__brand">
            <KeyRound size={28} aria-hidden="true" />
            <span>{APP_NAME}</span>
          </div>
          <h1 className="page-header__title">{t('auth.oidc.title')}</h1>
          {due ? (
            <TwoFactorStep due={due} onSignedIn={signedIn} onCancel={() => pageNavigation.assign('/auth')} />
          ) : link ? (
            <LinkStep due={link} onAnswer={onAnswer} />
          ) : failure ? (
            <div className="login-form">
              <Alert variant="destructive" title={t('auth.authenticationFailed')}>
                {failure}
              </Alert>
              <LinkButton to="/auth" variant="outline" icon={<ArrowLeft size={16} aria-hidden="true" />}>
                {t('auth.back')}
              </LinkButton>
            </div>
          ) : (
            <LoadingRegion label={t('auth.oidc.signingIn')}>
              <Skeleton height={44} radius={8} />
            </LoadingRegion>
          )}
        </div>
      </div>
      <div className="auth-page__marketing-side">
        <MarketingPanel />
      </div>
    </main>
  );
}
