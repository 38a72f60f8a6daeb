import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { PlaceholderProps } from '@/components/ui/deferred';
import { useSession } from '@/lib/session';
import './bell.css';

/** The bell's badge: the unread count, or "9+" above 9 (spec 01 §2, §9). */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

/**
 * BellButton is the header's notifications button with its unread badge. It is its own light
 * module so the header can show it on the first page while the dropdown's code (Radix popover,
 * the list, the date formatting) loads just after: see NotificationsBell.
 */
export function BellButton({
  unread,
  describedBy,
  ...rest
}: { unread: number; describedBy?: string } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="icon-button bell"
      aria-label="Notifications"
      aria-describedby={unread > 0 ? describedBy : undefined}
      {...rest}
    >
      <Bell size={22} aria-hidden="true" />
      {unread > 0 ? (
        <span className="bell__badge" aria-hidden="true" data-testid="notification-badge">
          {badgeText(unread)}
        </span>
      ) : null}
      {describedBy ? (
        <span id={describedBy} hidden>
          {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
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
