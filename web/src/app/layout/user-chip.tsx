import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { User } from '@/api/types';
import type { PlaceholderProps } from '@/components/ui/deferred';
import { displayName, initials, roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';

/**
 * UserChip is the header's account button (avatar, name and role). It is its own light module
 * so the first page shows it while the menu behind it loads just after (see app-layout.tsx).
 */
export function UserChip({ user, compact = false, ...rest }: { user: User; compact?: boolean } & ComponentProps<'button'>) {
  const name = displayName(user);
  const t = useT();
  return (
    // No aria-label: the name is the visible name and role after a hidden "Account menu for",
    // so that what a voice-control user reads on the button is in its name (WCAG 2.5.3).
    <button type="button" className="user-chip" {...rest}>
      <span className="avatar" aria-hidden="true">
        {initials(name) || '?'}
      </span>
      {compact ? (
        <span className="visually-hidden">{t('account.menuFor', { name })}</span>
      ) : (
        <span className="user-chip__text">
          <span className="visually-hidden">{t('account.menuFor', { name })}, </span>
          <span className="user-chip__name" aria-hidden="true">
            {name}
          </span>
          <span className="user-chip__role">{roleLabel(user.role)}</span>
        </span>
      )}
      <ChevronDown size={16} aria-hidden="true" className="user-chip__chevron" />
    </button>
  );
}

/** The account button as the first page shows it, before the menu's code has arrived. */
export function UserMenuPlaceholder({ compact = false, onActivate }: { compact?: boolean } & PlaceholderProps) {
  const { user } = useSession();
  return user ? <UserChip user={user} compact={compact} onClick={onActivate} /> : null;
}
