import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { hasRole, useSession } from '@/lib/session';
import { NAV_GROUPS, type NavGroup } from './nav-config';

function Group({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(true);
  const items = group.items.filter((item) => hasRole(user, item.role));
  if (items.length === 0) return null;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="nav-group" asChild>
      <section aria-labelledby={`nav-group-${group.id}`}>
        <Collapsible.Trigger className="nav-group__trigger">
          <span id={`nav-group-${group.id}`}>{group.label}</span>
          <ChevronDown className="nav-group__chevron" size={16} aria-hidden="true" />
        </Collapsible.Trigger>
        <Collapsible.Content className="nav-group__content">
          <ul className="nav-list">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="nav-link" onClick={onNavigate}>
                  <item.icon className="nav-link__icon" size={18} aria-hidden="true" />
                  <span>{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

/** NavGroups: the collapsible groups plus Settings and Log Out, for the sidebar and drawer. */
export function NavGroups({ onNavigate }: { onNavigate?: () => void }) {
  const { logout, loggingOut } = useSession();
  return (
    <div className="nav">
      <div className="nav__groups">
        {NAV_GROUPS.map((group) => (
          <Group key={group.id} group={group} onNavigate={onNavigate} />
        ))}
      </div>
      <ul className="nav-list nav__footer">
        <li>
          <NavLink to="/settings" className="nav-link" onClick={onNavigate}>
            <Settings className="nav-link__icon" size={18} aria-hidden="true" />
            <span>Settings</span>
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className="nav-link nav-link--button"
            onClick={() => void logout()}
            disabled={loggingOut}
          >
            <LogOut className="nav-link__icon" size={18} aria-hidden="true" />
            <span>{loggingOut ? 'Logging out…' : 'Log Out'}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
