import { Bug, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { DeferredProps } from '@/components/ui/deferred';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { displayName, roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { hasRole, useSession } from '@/lib/session';
import { UserChip } from './user-chip';

/** UserMenu: the signed-in user (name and role) with Settings and Log Out. */
export function UserMenu({ compact = false, defaultOpen }: { compact?: boolean } & DeferredProps) {
  const { user, logout, loggingOut } = useSession();
  const t = useT();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DropdownMenu
      defaultOpen={defaultOpen}
      label={
        <span className="user-menu__label">
          <span className="user-menu__label-name">{name}</span>
          <span className="user-menu__label-meta">
            @{user.username} · {roleLabel(user.role)}
          </span>
        </span>
      }
      trigger={<UserChip user={user} compact={compact} />}
    >
      <DropdownMenuItem asChild>
        <Link to="/settings">
          <span className="menu__icon" aria-hidden="true">
            <Settings size={16} />
          </span>
          {t('nav.settings')}
        </Link>
      </DropdownMenuItem>
      {hasRole(user, 'admin') ? (
        <DropdownMenuItem asChild>
          <Link to="/debug/token">
            <span className="menu__icon" aria-hidden="true">
              <Bug size={16} />
            </span>
            {t('account.tokenDebug')}
          </Link>
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem destructive icon={<LogOut size={16} />} onSelect={() => void logout()}>
        {loggingOut ? t('nav.loggingOut') : t('nav.logOut')}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
