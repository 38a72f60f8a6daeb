import { Power, PowerOff, ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SITE_ROLES, type SiteRole, type SiteUser } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { UserAvatar } from '@/components/user-badges/user-badges';
import { displayName, roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import { siteRoleLabel } from './site-roles';

/** Where a card leads: the User Settings editing view (spec 02 §2). */
export const userSettingsPath = (id: number) => `/settings?userId=${id}`;

const INTERACTIVE = 'a, button, select, input, label, textarea';

/**
 * SiteUserCard: one site user — initials, name, site role, badges — opening the user's
 * settings when clicked; actions to change the site role, deactivate or reactivate, remove
 * from the site and (superadmins) grant or remove site admin rights.
 */
export function SiteUserCard({
  link,
  self,
  superadmin,
  busy,
  onRole,
  onActive,
  onAdmin,
  onRemove,
}: {
  link: SiteUser;
  self: boolean;
  superadmin: boolean;
  busy: boolean;
  onRole: (role: SiteRole) => void;
  onActive: (active: boolean) => void;
  onAdmin: (isAdmin: boolean) => void;
  onRemove: () => void;
}) {
  const navigate = useNavigate();
  const t = useT();
  const { user } = link;
  const name = displayName(user);
  const active = user.isActive !== false;
  const open = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    navigate(userSettingsPath(user.id));
  };
  return (
    <li className="site-user">
      <article className={active ? 'site-user-card' : 'site-user-card site-user-card--inactive'} aria-label={name} onClick={open}>
        <div className="site-user-card__head">
          <UserAvatar user={user} size={44} />
          <div className="site-user-card__who">
            <Link to={userSettingsPath(user.id)} className="site-user-card__name">
              {name}
            </Link>
            <p className="site-user-card__meta">
              @{user.username}
              {self ? ` · ${t('admin.siteUsers.you')}` : ''}
            </p>
          </div>
        </div>
        <div className="site-user-card__badges">
          <Badge tone={user.role === 'superadmin' ? 'purple' : user.role === 'admin' ? 'blue' : 'neutral'}>{roleLabel(user.role)}</Badge>
          <Badge tone="green">{siteRoleLabel(link.role)}</Badge>
          {link.isAdmin ? <Badge tone="amber">{t('admin.siteAdminBadge')}</Badge> : null}
          {!active ? <Badge tone="red">{t('admin.inactive')}</Badge> : null}
        </div>
        {user.email ? <p className="site-user-card__email">{user.email}</p> : null}
        <div className="site-user-card__actions">
          <label className="site-user-card__role">
            <span className="site-user-card__role-label">{t('admin.siteUsers.siteRole')}</span>
            <Select
              aria-label={t('admin.siteUsers.siteRoleOf', { name })}
              value={SITE_ROLES.includes(link.role as SiteRole) ? link.role : 'member'}
              disabled={busy}
              onChange={(event) => onRole(event.target.value as SiteRole)}
            >
              {SITE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {siteRoleLabel(role)}
                </option>
              ))}
            </Select>
          </label>
          <div className="site-user-card__buttons">
            {!self ? (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                icon={active ? <PowerOff size={15} aria-hidden="true" /> : <Power size={15} aria-hidden="true" />}
                aria-label={active ? t('admin.deactivateLabel', { name }) : t('admin.siteUsers.reactivateLabel', { name })}
                onClick={() => onActive(!active)}
              >
                {active ? t('admin.deactivate') : t('admin.siteUsers.reactivate')}
              </Button>
            ) : null}
            {superadmin ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                icon={link.isAdmin ? <ShieldOff size={15} aria-hidden="true" /> : <ShieldCheck size={15} aria-hidden="true" />}
                aria-label={link.isAdmin ? t('admin.siteUsers.removeAdminLabel', { name }) : t('admin.siteUsers.makeAdminLabel', { name })}
                onClick={() => onAdmin(!link.isAdmin)}
              >
                {link.isAdmin ? t('admin.siteUsers.removeAdmin') : t('admin.siteUsers.makeAdmin')}
              </Button>
            ) : null}
            {!self ? (
              <Button
                variant="ghost"
                size="sm"
                className="site-user-card__remove"
                disabled={busy}
                icon={<UserMinus size={15} aria-hidden="true" />}
                aria-label={t('admin.siteUsers.removeLabel', { name })}
                onClick={onRemove}
              >
                {t('admin.siteUsers.remove')}
              </Button>
            ) : null}
          </div>
        </div>
      </article>
    </li>
  );
}
