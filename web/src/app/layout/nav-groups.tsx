import { ChevronDown, Download, LogOut, Settings } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useT } from '@/lib/i18n/provider';
import { installApp, useCanInstall } from '@/lib/install-prompt';
import { useSession } from '@/lib/session';
import { NAV_GROUPS, mayOpen, type NavGroup, type NavItem } from './nav-config';

/** ItemLink: a NavLink, or for an item that says when it is current, a link that asks it. */
function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { pathname, search } = useLocation();
  const t = useT();
  const body = (
    <>
      <item.icon className="nav-link__icon" size={18} aria-hidden="true" />
      <span>{t(item.label)}</span>
    </>
  );
  if (!item.current) {
    return (
      <NavLink to={item.to} end={item.end} className="nav-link" onClick={onNavigate}>
        {body}
      </NavLink>
    );
  }
  const active = item.current(pathname, new URLSearchParams(search));
  return (
    <Link to={item.to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      {body}
    </Link>
  );
}

/**
 * Group: a titled list of links that its heading button folds away. The markup is what Radix's
 * Collapsible rendered here (data-state on the group and its button, aria-expanded and
 * aria-controls, the list's container hidden when closed), written out: it is on every page's
 * first paint, and Radix's Collapsible with its Presence, context and id helpers was about 4 kB
 * gzipped of the first load for a button and a hidden attribute (issue #14).
 */
function Group({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const { user } = useSession();
  const t = useT();
  const [open, setOpen] = useState(true);
  const contentId = useId();
  const items = group.items.filter((item) => mayOpen(user, item));
  if (items.length === 0) return null;
  const state = open ? 'open' : 'closed';
  return (
    <section className="nav-group" data-state={state} aria-labelledby={`nav-group-${group.id}`}>
      <button
        type="button"
        className="nav-group__trigger"
        aria-controls={contentId}
        aria-expanded={open}
        data-state={state}
        onClick={() => setOpen(!open)}
      >
        <span id={`nav-group-${group.id}`}>{t(group.label)}</span>
        <ChevronDown className="nav-group__chevron" size={16} aria-hidden="true" />
      </button>
      <div className="nav-group__content" id={contentId} data-state={state} hidden={!open}>
        {open && (
          <ul className="nav-list">
            {items.map((item) => (
              <li key={item.to}>
                <ItemLink item={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** NavGroups: the collapsible groups plus Settings and Log Out, for the sidebar and drawer. */
export function NavGroups({ onNavigate }: { onNavigate?: () => void }) {
  const { logout, loggingOut } = useSession();
  const canInstall = useCanInstall();
  const t = useT();
  return (
    <div className="nav">
      <div className="nav__groups">
        {NAV_GROUPS.map((group) => (
          <Group key={group.id} group={group} onNavigate={onNavigate} />
        ))}
      </div>
      <ul className="nav-list nav__footer">
        {canInstall ? (
          <li>
            <button type="button" className="nav-link nav-link--button" onClick={() => void installApp()}>
              <Download className="nav-link__icon" size={18} aria-hidden="true" />
              <span>{t('nav.installApp')}</span>
            </button>
          </li>
        ) : null}
        <li>
          <NavLink to="/settings" className="nav-link" onClick={onNavigate}>
            <Settings className="nav-link__icon" size={18} aria-hidden="true" />
            <span>{t('nav.settings')}</span>
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
            <span>{loggingOut ? t('nav.loggingOut') : t('nav.logOut')}</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
