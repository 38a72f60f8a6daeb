import { Bug, ChevronDown, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { displayName, initials, roleLabel } from '@/lib/format';
import { hasRole, useSession } from '@/lib/session';

/** UserMenu: the signed-in user (name and role) with Settings and Log Out. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user, logout, loggingOut } = useSession();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DropdownMenu
      label={
        <span className="user-menu__label">
          <span className="user-menu__label-name">{name}</span>
          <span className="user-menu__label-meta">
            @{user.username} · {roleLabel(user.role)}
          </span>
        </span>
      }
      trigger={
        <button type="button" className="user-chip" aria-label={`Account menu for ${name}`}>
          <span className="avatar" aria-hidden="true">
            {initials(name) || '?'}
          </span>
          {compact ? null : (
            <span className="user-chip__text">
              <span className="user-chip__name">{name}</span>
              <span className="user-chip__role">{roleLabel(user.role)}</span>
            </span>
          )}
          <ChevronDown size={16} aria-hidden="true" className="user-chip__chevron" />
        </button>
      }
    >
      <DropdownMenuItem asChild>
        <Link to="/settings">
          <span className="menu__icon" aria-hidden="true">
            <Settings size={16} />
          </span>
          Settings
        </Link>
      </DropdownMenuItem>
      {hasRole(user, 'admin') ? (
        <DropdownMenuItem asChild>
          <Link to="/debug/token">
            <span className="menu__icon" aria-hidden="true">
              <Bug size={16} />
            </span>
            Token debug
          </Link>
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem destructive icon={<LogOut size={16} />} onSelect={() => void logout()}>
        {loggingOut ? 'Logging out…' : 'Log Out'}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
