import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { PlaceholderProps } from '@/components/ui/deferred';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import './bell.css';

/** The bell's badge: the unread count, or "9+" above 9 (spec 01 §2, §9). */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

/**
 * BellButton is the header's notifications button with its unread badge. It is its own light
 * module so the header can show it on the first page while the dropdown's code (Radix popover,
 * the list, the date formatting) loads just after: see NotificationsBell. Its name carries the
 * badge's count ("Notifications (3 unread)"): a name must contain the text it shows (WCAG 2.5.3,
 * axe's label-content-name-mismatch), and a screen reader hears the count with it.
 */
export function BellButton({ unread, ...rest }: { unread: number } & ComponentProps<'button'>) {
  const t = useT();
  return (
    <button
      type="button"
      className="icon-button bell"
      aria-label={unread > 0 ? t('bell.unread', { count: badgeText(unread) }) : t('nav.notifications')}
      {...rest}
    >
      <Bell size={22} aria-hidden="true" />
      {unread > 0 ? (
        <span className="bell__badge" aria-hidden="true" data-testid="notification-badge">
          {badgeText(unread)}
        </span>
      ) : null}
    </button>
  );
}

/** The bell as the first page shows it, before the dropdown's code has arrived. */
export function BellPlaceholder({ onActivate }: PlaceholderProps) {
  const { user } = useSession();
  return user ? <BellButton unread={0} onClick={onActivate} /> : null;
}
