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
import { saveFlashToast } from '@/lib/flash-toast';
import { pageNavigation } from '@/lib/navigation';
import { storeLoginResponse } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isTwoFactorDue, type TwoFactorDue } from '../api/login-2fa';
import { finishOIDC, isLinkDue, linkOIDC, linkSchema, type LinkDue, type LinkInput, type OIDCAnswer } from '../api/oidc';
import { MarketingPanel } from '../components/marketing-panel';
import { TwoFactorStep } from '../components/two-factor-step';
import '@/components/ui/page-header.css';
import './auth-page.css';

/** The password step of a first sign-in whose e-mail belongs to an existing account. */
function LinkStep({ due, onAnswer }: { due: LinkDue; onAnswer: (a: OIDCAnswer) => void }) {
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
      setFailure(getErrorMessage(error, 'The account could not be linked'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Form form={form} className="login-form" onSubmit={onSubmit}>
      <p className="muted">
        An account named <strong>{due.link.username}</strong> already uses this e-mail address. Enter its password once to link
        it to your identity provider; afterwards single sign-on is enough.
      </p>
      {failure ? (
        <Alert variant="destructive" title="Not linked">
          {failure}
        </Alert>
      ) : null}
      <FormInput name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
      <Button type="submit" size="lg" fullWidth loading={pending} icon={<Link2 size={18} aria-hidden="true" />}>
        Link and sign in
      </Button>
      <LinkButton to="/auth" variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />}>
        Back to sign-in
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
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [due, setDue] = useState<TwoFactorDue | null>(null);
  const [link, setLink] = useState<LinkDue | null>(null);
  const started = useRef(false);

  const signedIn = (response: SessionResponse) => {
    storeLoginResponse(response);
    const welcome = { title: 'Login successful', description: `Welcome back, ${response.user.username}!`, variant: 'success' as const };
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
      setFailure(params.get('error_description') || 'The identity provider did not sign you in.');
      return;
    }
    finishOIDC(params.get('state') ?? '', params.get('code') ?? '')
      .then(onAnswer)
      .catch((e: unknown) => setFailure(getErrorMessage(e, 'The sign-in could not be verified')));
    // Runs once: the answer of a used flow would only be "expired".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main id="main" className="auth-page">
      <div className="auth-page__form-side">
        <div className="auth-card">
          <div className="auth-card__brand">
            <KeyRound size={28} aria-hidden="true" />
            <span>Garden</span>
          </div>
          <h1 className="page-header__title">Single sign-on</h1>
          {due ? (
            <TwoFactorStep due={due} onSignedIn={signedIn} onCancel={() => pageNavigation.assign('/auth')} />
          ) : link ? (
            <LinkStep due={link} onAnswer={onAnswer} />
          ) : failure ? (
            <div className="login-form">
              <Alert variant="destructive" title="Authentication Failed">
                {failure}
              </Alert>
              <LinkButton to="/auth" variant="outline" icon={<ArrowLeft size={16} aria-hidden="true" />}>
                Back to sign-in
              </LinkButton>
            </div>
          ) : (
            <LoadingRegion label="Signing you in…">
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
