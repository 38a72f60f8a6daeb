import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '@/api/client';
import type { SessionResponse } from '@/api/types';
import { RecoveryCodes, TotpQr } from '@/components/two-factor/two-factor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { applyServerErrors, Form, FormInput, useZodForm } from '@/components/ui/form';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { codeSchema, useSecondFactor, useTicketSetup, type CodeInput, type TotpSetup, type TwoFactorDue } from '../api/login-2fa';

/**
 * TwoFactorStep is the sign-in's second step (issue 28): the code from the authenticator app
 * or a recovery code; when the site requires a second factor the account has not set up, the
 * QR code to enrol first, then the recovery codes before going on.
 */
export function TwoFactorStep({ due, onSignedIn, onCancel }: { due: TwoFactorDue; onSignedIn: (r: SessionResponse) => void; onCancel: () => void }) {
  const t = useT();
  const form = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const { trigger, isMutating } = useSecondFactor();
  const setup = useTicketSetup();
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ response: SessionResponse; codes: string[] } | null>(null);
  const enrolling = due.twoFactor === 'setup';
  const startSetup = setup.trigger;

  useEffect(() => {
    if (!enrolling) return;
    startSetup({ ticket: due.ticket }).then(setSecret, (error: unknown) => setFailure(getErrorMessage(error, translate('auth.twoFactor.signInAgain'))));
  }, [enrolling, due.ticket, startSetup]);

  const onSubmit = async ({ code }: CodeInput) => {
    setFailure(null);
    try {
      const response = await trigger({ ticket: due.ticket, code });
      if (response.recoveryCodes?.length) setDone({ response, codes: response.recoveryCodes });
      else onSignedIn(response);
    } catch (error) {
      applyServerErrors(form, error);
      setFailure(getErrorMessage(error, t('auth.twoFactor.invalidCode')));
    }
  };

  if (done) {
    return (
      <div className="login-form two-factor-step">
        <RecoveryCodes codes={done.codes} />
        <Button size="lg" fullWidth onClick={() => onSignedIn(done.response)}>
          {t('auth.twoFactor.saved')}
        </Button>
      </div>
    );
  }

  return (
    <Form form={form} className="login-form two-factor-step" onSubmit={onSubmit}>
      <div className="two-factor-step__intro">
        <ShieldCheck size={22} aria-hidden="true" />
        <div>
          <h2 className="two-factor-step__title">{enrolling ? t('auth.twoFactor.setupTitle') : t('auth.twoFactor.title')}</h2>
          <p className="muted">
            {enrolling ? t('auth.twoFactor.setupText') : t('auth.twoFactor.text')}
          </p>
        </div>
      </div>
      {failure ? (
        <Alert variant="destructive" title={t('auth.twoFactor.failed')}>
          {failure}
        </Alert>
      ) : null}
      {enrolling && secret ? <TotpQr {...secret} /> : null}
      <FormInput
        name="code"
        label={enrolling ? t('auth.twoFactor.appCode') : t('auth.twoFactor.code')}
        autoComplete="one-time-code"
        inputMode={enrolling ? 'numeric' : 'text'}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        placeholder="123456"
      />
      <Button type="submit" size="lg" fullWidth loading={isMutating} disabled={enrolling && !secret}>
        {isMutating ? t('auth.twoFactor.verifying') : t('auth.twoFactor.verify')}
      </Button>
      <Button variant="ghost" fullWidth icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={onCancel}>
        {t('auth.back')}
      </Button>
    </Form>
  );
}
