import { BellRing, CircleCheck, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { GARDEN_SUCCESS_EVENT, hadGardenSuccess } from '@/lib/garden-success';
import { PUSH_TOASTS, mobileSettingsHint, isMobileDevice, pushPermission, useEnablePush } from '@/lib/push';
import { useSession } from '@/lib/session';
import { PROMPT_SUCCESS_CLOSE_MS, markDismissed, markPrompted, shouldPrompt } from './prompt-storage';
import './notification-prompt.css';


type Phase = 'open' | 'pending' | 'success' | 'error';
interface Outcome {
  title: string;
  description: string;
}

/**
 * Where the gardener's success was: undefined, none yet; a path, on that page — the card asks
 * on the next page opened, so that nothing moves under the cursor. A success stored by an
 * earlier visit counts as made on the page this visit starts on: the card's code loads after
 * that page, and showing it then would push the page down once it is drawn.
 */
type SuccessOn = string | undefined;

function MobileHint() {
  if (!isMobileDevice()) return null;
  return (
    <p className="notification-prompt__hint">
      <Smartphone size={16} aria-hidden="true" />
      <span>{mobileSettingsHint()}</span>
    </p>
  );
}

/**
 * NotificationPrompt asks signed-in gardeners to turn on notifications (spec 01 §2, §4), and
 * waits its turn (issue 27): only after a success of theirs (a plant added, a task completed,
 * a plant watered), as a card at the top of the next page they open — in the page's flow, over
 * no control, never a modal — and only when push is supported, the permission is neither
 * granted nor denied and it was not refused. "Not now" stores the prompted date and the card
 * stays away for PROMPT_SNOOZE_DAYS days; a permission the browser refused stores "dismissed".
 * Never while impersonating. `successOn`: the page of a success made before its code loaded (the
 * layout notes it), else the page it opens on stands for a success of an earlier visit.
 */
export function NotificationPrompt({ successOn: firstSuccessOn }: { successOn?: string }) {
  const t = useT();
  const { user, impersonation } = useSession();
  const { pathname } = useLocation();
  const { toast } = useToast();
  const { enable } = useEnablePush();
  const [phase, setPhase] = useState<Phase | null>(null);
  const [closed, setClosed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [successOn, setSuccessOn] = useState<SuccessOn>(() => (hadGardenSuccess() ? (firstSuccessOn ?? pathname) : undefined));
  const currentPath = useRef(pathname);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const titleId = useId();
  const active = Boolean(user) && !impersonation?.isImpersonating;

  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    // A later success on another page does not move the ask back: it is due already.
    const onSuccess = () => setSuccessOn((was) => (was !== undefined && was !== currentPath.current ? was : currentPath.current));
    window.addEventListener(GARDEN_SUCCESS_EVENT, onSuccess);
    return () => window.removeEventListener(GARDEN_SUCCESS_EVENT, onSuccess);
  }, []);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    setClosed(true);
    setOutcome(null);
  }, []);

  /** "Not now": asked; the card stays away for the snooze. */
  const notNow = useCallback(() => {
    markPrompted();
    close();
  }, [close]);

  const accept = async () => {
    setPhase('pending');
    let result;
    try {
      result = await enable({ announce: false });
    } catch {
      markPrompted();
      toast(PUSH_TOASTS.permissionFailed);
      setOutcome({ title: PUSH_TOASTS.permissionFailed.title, description: PUSH_TOASTS.permissionFailed.description });
      setPhase('error');
      return;
    }
    markPrompted();
    if (result.permission === 'granted' && !result.registrationFailed) {
      toast(PUSH_TOASTS.enabled);
      setPhase('success');
      closeTimer.current = setTimeout(close, PROMPT_SUCCESS_CLOSE_MS);
      return;
    }
    if (result.permission === 'granted') {
      // Subscribing or registering failed; useEnablePush showed "Registration failed".
      setOutcome({ title: PUSH_TOASTS.registrationFailed.title, description: PUSH_TOASTS.registrationFailed.description });
      setPhase('error');
      return;
    }
    // The browser's own question was refused: not asked again on this browser.
    if (result.permission === 'denied') markDismissed();
    toast(PUSH_TOASTS.permissionDenied);
    setOutcome({ title: PUSH_TOASTS.permissionDenied.title, description: PUSH_TOASTS.permissionDenied.description });
    setPhase('error');
  };

  if (!active || closed) return null;
  // Once answered, the card stays until it closes; before, it shows on the page after a success.
  const due = successOn !== undefined && successOn !== pathname;
  if (phase === null && !(due && shouldPrompt(pushPermission()))) return null;
  const pending = phase === 'pending';

  return (
    <section className="notification-prompt" aria-labelledby={titleId}>
      {phase === 'success' ? (
        <div className="notification-prompt__success" role="status">
          <CircleCheck size={22} aria-hidden="true" />
          <h2 id={titleId} className="notification-prompt__title">
            {PUSH_TOASTS.enabled.title}
          </h2>
        </div>
      ) : phase === 'error' && outcome ? (
        <>
          <h2 id={titleId} className="notification-prompt__title">
            {outcome.title}
          </h2>
          <p className="notification-prompt__text">{outcome.description}</p>
          <div className="notification-prompt__actions">
            <Button size="sm" variant="outline" onClick={close}>
              {t('common.close')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="notification-prompt__body">
            <span className="icon-tile notification-prompt__icon" aria-hidden="true">
              <BellRing size={20} />
            </span>
            <div className="notification-prompt__copy">
              <h2 id={titleId} className="notification-prompt__title">
                {t('notifications.prompt.title')}
              </h2>
              {/* The spec's prompt text (spec 01 §2). */}
              <p className="notification-prompt__text">{t('notifications.prompt.text')}</p>
              <MobileHint />
            </div>
          </div>
          <div className="notification-prompt__actions">
            <Button size="sm" variant="ghost" disabled={pending} onClick={notNow}>
              {t('notifications.prompt.notNow')}
            </Button>
            <Button
              size="sm"
              icon={<BellRing size={16} aria-hidden="true" />}
              loading={pending}
              onClick={() => void accept()}
            >
              {t('notifications.prompt.enable')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
