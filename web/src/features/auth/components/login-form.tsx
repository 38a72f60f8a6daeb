import { Eye, EyeOff, Fingerprint, KeyRound, LockKeyhole, LogIn, UserRound } from 'lucide-react';
import { useState } from 'react';
import { getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { applyServerErrors, Form, FormInput, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { saveFlashToast } from '@/lib/flash-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { pageNavigation } from '@/lib/navigation';
import { storeLoginResponse } from '@/lib/session';
import type { SessionResponse } from '@/api/types';
import { loginSchema, useLogin, type LoginCredentials } from '../api/login';
import { getPasskey, passkeysSupported } from '@/lib/passkeys';
import { isTwoFactorDue, signInWithPasskey, type TwoFactorDue } from '../api/login-2fa';
import { startOIDC, useSignInOptions } from '../api/oidc';
import { TwoFactorStep } from './two-factor-step';


/**
 * LoginForm: username and password (spec 01 §5). On success the response is stored
 * and the app loads / as a new page; on failure an "Authentication Failed" alert and a
 * destructive "Login failed" toast show the server's message.
 */
export function LoginForm() {
  const form = useZodForm(loginSchema, { defaultValues: { username: '', password: '' } });
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [due, setDue] = useState<TwoFactorDue | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [ssoPending, setSsoPending] = useState(false);
  const options = useSignInOptions();
  const sso = options.data?.oidc ?? null;
  const { trigger, isMutating } = useLogin();
  const { toast } = useToast();
  const t = useT();
  const pending = isMutating || redirecting;

  const signedIn = (response: SessionResponse) => {
    storeLoginResponse(response);
    const welcome = {
      title: t('auth.loginSuccessful'),
      description: t('auth.welcomeBack', { username: response.user.username }),
      variant: 'success' as const,
    };
    toast(welcome);
    saveFlashToast(welcome);
    setRedirecting(true);
    pageNavigation.assign('/');
  };

  const onSubmit = async (credentials: LoginCredentials) => {
    if (pending) return;
    setFailure(null);
    try {
      const response = await trigger(credentials);
      if (isTwoFactorDue(response)) {
        setDue(response);
        return;
      }
      signedIn(response);
    } catch (error) {
      const message = getErrorMessage(error, translate('auth.invalidCredentials'));
      applyServerErrors(form, error);
      setFailure(message);
      toast({ title: t('auth.loginFailed'), description: message, variant: 'destructive' });
    }
  };

  const withPasskey = async () => {
    if (pending || passkeyPending) return;
    setFailure(null);
    setPasskeyPending(true);
    try {
      signedIn(await signInWithPasskey(getPasskey));
    } catch (error) {
      const message = error instanceof DOMException ? t('auth.passkeyCancelled') : getErrorMessage(error, t('auth.passkeyNotVerified'));
      setFailure(message);
      toast({ title: t('auth.loginFailed'), description: message, variant: 'destructive' });
    } finally {
      setPasskeyPending(false);
    }
  };

  const withSSO = async () => {
    if (pending || ssoPending) return;
    setFailure(null);
    setSsoPending(true);
    try {
      await startOIDC(); // the page goes to the identity provider
    } catch (error) {
      const message = getErrorMessage(error, t('auth.ssoUnavailable'));
      setFailure(message);
      toast({ title: t('auth.loginFailed'), description: message, variant: 'destructive' });
      setSsoPending(false);
    }
  };

  if (due) {
    return (
      <TwoFactorStep
        due={due}
        onSignedIn={signedIn}
        onCancel={() => {
          setDue(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <Form form={form} className="login-form" onSubmit={onSubmit} aria-describedby={failure ? 'login-failure' : undefined}>
      {failure ? (
        <div id="login-failure">
          <Alert variant="destructive" title={t('auth.authenticationFailed')}>
            {failure}
          </Alert>
        </div>
      ) : null}
      <FormInput
        name="username"
        label={t('auth.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.usernamePlaceholder')}
        icon={<UserRound size={18} />}
      />
      <div className="login-form__password">
        <FormInput
          name="password"
          label={t('auth.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          icon={<LockKeyhole size={18} />}
        />
        <button
          type="button"
          className="login-form__reveal"
          aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={showPassword}
          onClick={() => setShowPassword((v) => !v)}
        >
          {showPassword ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
        </button>
      </div>
      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={pending}
        icon={<LogIn size={18} aria-hidden="true" />}
      >
        {pending ? t('auth.loggingIn') : t('auth.logIn')}
      </Button>
      {passkeysSupported() ? (
        <Button
          variant="outline"
          size="lg"
          fullWidth
          loading={passkeyPending}
          icon={<Fingerprint size={18} aria-hidden="true" />}
          onClick={() => void withPasskey()}
        >
          {t('auth.withPasskey')}
        </Button>
      ) : null}
      {sso ? (
        <Button
          variant="outline"
          size="lg"
          fullWidth
          loading={ssoPending}
          icon={<KeyRound size={18} aria-hidden="true" />}
          onClick={() => void withSSO()}
        >
          {t('auth.withSso', { name: sso.name })}
        </Button>
      ) : null}
    </Form>
  );
}
