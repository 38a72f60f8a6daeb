import { LogOut, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';

/**
 * ImpersonationBanner: the fixed amber bar shown only while impersonating (spec 01 §2).
 * Its height is published as --banner-h so the layout moves down beneath it.
 */
export function ImpersonationBanner() {
  const t = useT();
  const { impersonation, user, endImpersonation } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState(false);
  const active = Boolean(impersonation?.isImpersonating && user);

  useEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    if (!active || !el) {
      root.style.setProperty('--banner-h', '0px');
      return;
    }
    const update = () => root.style.setProperty('--banner-h', `${el.offsetHeight}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return () => root.style.setProperty('--banner-h', '0px');
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.setProperty('--banner-h', '0px');
    };
  }, [active]);

  if (!active || !user) return null;
  // The username is set in bold where the language puts it.
  const [before, after] = t('shell.impersonating', { username: '\u0000' }).split('\u0000');
  return (
    <div ref={ref} className="impersonation-banner" role="region" aria-label={t('shell.impersonation')}>
      <p className="impersonation-banner__text">
        <UserRound size={18} aria-hidden="true" className="impersonation-banner__icon" />
        <span>
          {before}
          <strong>{user.username}</strong>
          {after}
        </span>
      </p>
      <Button
        size="sm"
        variant="warning"
        loading={pending}
        icon={<LogOut size={16} aria-hidden="true" />}
        onClick={async () => {
          setPending(true);
          try {
            await endImpersonation();
          } finally {
            setPending(false);
          }
        }}
      >
        {t('shell.exitImpersonation')}
      </Button>
    </div>
  );
}
