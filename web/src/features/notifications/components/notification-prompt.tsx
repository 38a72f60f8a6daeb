import { BellRing, CircleCheck, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { MOBILE_SETTINGS_HINT, PUSH_TOASTS, isMobileDevice, pushPermission, useEnablePush } from '@/lib/push';
import { useSession } from '@/lib/session';
import {
  CORNER_PROMPT_DELAY_MS,
  MODAL_PROMPT_DELAY_MS,
  PROMPT_SUCCESS_CLOSE_MS,
  markDismissed,
  markPrompted,
  shouldPrompt,
} from './prompt-storage';
import './notification-prompt.css';

export const MODAL_TEXT =
  'Enable notifications to receive care reminders for your plants. Never miss a watering or maintenance task again!';
export const CORNER_TEXT = 'Get care reminders for your plants on this device.';
export const PROMPT_TITLE = 'Turn on notifications';

export type PromptVariant = 'corner' | 'modal';
type Phase = 'open' | 'pending' | 'success' | 'error';
interface Outcome {
  title: string;
  description: string;
}

/**
 * promptVariant: the dashboard, where a gardener lands after signing in, asks with the modal
 * (after 3 s); every other page with the corner prompt (after 5 s).
 */
export function promptVariant(pathname: string): PromptVariant {
  return pathname === '/' ? 'modal' : 'corner';
}

function MobileHint() {
  if (!isMobileDevice()) return null;
  return (
    <p className="notification-prompt__hint">
      <Smartphone size={16} aria-hidden="true" />
      <span>{MOBILE_SETTINGS_HINT}</span>
    </p>
  );
}

/** The prompt's success state; the toast carries the longer text (spec 01 §8). */
function SuccessView() {
  return (
    <div className="notification-prompt__success" role="status">
      <CircleCheck size={22} aria-hidden="true" />
      <p className="notification-prompt__success-title">{PUSH_TOASTS.enabled.title}</p>
    </div>
  );
}

/**
 * NotificationPrompt asks signed-in gardeners to turn on notifications (spec 01 §2, §4, §9):
 * only when push is supported, the permission is neither granted nor denied, and the prompt
 * was not dismissed or already shown today; never while impersonating. One prompt per page
 * load at most: the modal on the dashboard after 3 s, the corner prompt elsewhere after 5 s.
 * Closing either stores "prompted" for the day; "Maybe later" in the modal (a refusal) also
 * stores "dismissed", as does a permission the browser did not grant from the modal.
 */
export function NotificationPrompt() {
  const { user, impersonation } = useSession();
  const { pathname } = useLocation();
  const { toast } = useToast();
  const { enable } = useEnablePush();
  const variant = promptVariant(pathname);
  const [shown, setShown] = useState<{ variant: PromptVariant; phase: Phase } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const askedThisLoad = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const titleId = useId();
  const active = Boolean(user) && !impersonation?.isImpersonating;

  useEffect(() => {
    if (!active || shown || askedThisLoad.current) return;
    if (!shouldPrompt(pushPermission())) return;
    const timer = setTimeout(
      () => {
        // Checked again: another tab may have answered meanwhile.
        if (askedThisLoad.current || !shouldPrompt(pushPermission())) return;
        askedThisLoad.current = true;
        setShown({ variant, phase: 'open' });
      },
      variant === 'modal' ? MODAL_PROMPT_DELAY_MS : CORNER_PROMPT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [active, shown, variant]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    setShown(null);
    setOutcome(null);
  }, []);

  /** Closing without answering: asked for today. */
  const dismiss = useCallback(() => {
    markPrompted();
    close();
  }, [close]);

  /** "Maybe later" in the modal: a refusal, no more prompts on this browser. */
  const refuse = useCallback(() => {
    markDismissed();
    close();
  }, [close]);

  const accept = async () => {
    if (!shown) return;
    const from = shown.variant;
    setShown({ variant: from, phase: 'pending' });
    let result;
    try {
      result = await enable({ announce: false });
    } catch {
      markPrompted();
      toast(PUSH_TOASTS.permissionFailed);
      setOutcome({ title: PUSH_TOASTS.permissionFailed.title, description: PUSH_TOASTS.permissionFailed.description });
      setShown({ variant: from, phase: 'error' });
      return;
    }
    markPrompted();
    if (result.permission === 'granted' && !result.registrationFailed) {
      toast(PUSH_TOASTS.enabled);
      setShown({ variant: from, phase: 'success' });
      closeTimer.current = setTimeout(close, PROMPT_SUCCESS_CLOSE_MS);
      return;
    }
    if (result.permission === 'granted') {
      // Subscribing or registering failed; useEnablePush showed "Registration failed".
      setOutcome({ title: PUSH_TOASTS.registrationFailed.title, description: PUSH_TOASTS.registrationFailed.description });
      setShown({ variant: from, phase: 'error' });
      return;
    }
    if (from === 'modal') markDismissed();
    toast(PUSH_TOASTS.permissionDenied);
    setOutcome({ title: PUSH_TOASTS.permissionDenied.title, description: PUSH_TOASTS.permissionDenied.description });
    setShown({ variant: from, phase: 'error' });
  };

  if (!shown || !active) return null;
  const { phase } = shown;
  const pending = phase === 'pending';

  if (shown.variant === 'modal') {
    return (
      <Dialog
        open
        size="sm"
        title={PROMPT_TITLE}
        onOpenChange={(open) => {
          if (open || pending) return;
          if (phase === 'open') dismiss();
          else close();
        }}
        footer={
          phase === 'open' || pending ? (
            <>
              <Button variant="outline" disabled={pending} onClick={refuse}>
                Maybe later
              </Button>
              <Button icon={<BellRing size={18} aria-hidden="true" />} loading={pending} onClick={() => void accept()}>
                Enable notifications
              </Button>
            </>
          ) : phase === 'error' ? (
            <Button variant="outline" onClick={close}>
              Close
            </Button>
          ) : undefined
        }
      >
        <div className="notification-prompt__modal-body">
          {phase === 'success' ? (
            <SuccessView />
          ) : phase === 'error' && outcome ? (
            <Alert variant="warning" title={outcome.title}>
              {outcome.description}
            </Alert>
          ) : (
            <>
              <div className="notification-prompt__modal-intro">
                <span className="icon-tile notification-prompt__icon" aria-hidden="true">
                  <BellRing size={22} />
                </span>
                <p>{MODAL_TEXT}</p>
              </div>
              <MobileHint />
            </>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <div className="notification-prompt" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      {phase === 'success' ? (
        <>
          <h2 id={titleId} className="visually-hidden">
            {PROMPT_TITLE}
          </h2>
          <SuccessView />
        </>
      ) : phase === 'error' && outcome ? (
        <>
          <h2 id={titleId} className="notification-prompt__title">
            {outcome.title}
          </h2>
          <p className="notification-prompt__text">{outcome.description}</p>
          <div className="notification-prompt__actions">
            <Button size="sm" variant="outline" onClick={close}>
              Close
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="notification-prompt__head">
            <span className="icon-tile notification-prompt__icon" aria-hidden="true">
              <BellRing size={20} />
            </span>
            <div>
              <h2 id={titleId} className="notification-prompt__title">
                {PROMPT_TITLE}
              </h2>
              <p className="notification-prompt__text">{CORNER_TEXT}</p>
            </div>
          </div>
          <MobileHint />
          <div className="notification-prompt__actions">
            <Button size="sm" variant="ghost" disabled={pending} onClick={dismiss}>
              Not now
            </Button>
            <Button size="sm" loading={pending} onClick={() => void accept()}>
              Enable
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
