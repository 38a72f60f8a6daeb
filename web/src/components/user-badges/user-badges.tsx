import type { User } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { displayName, initials, roleLabel } from '@/lib/format';
import { useT } from '@/lib/i18n/provider';
import './user-badges.css';

/** UserAvatar: initials of the user's name (first letters of up to two words, spec 02 §9). */
export function UserAvatar({ user, size = 40 }: { user: Pick<User, 'username' | 'fullName'>; size?: number }) {
  return (
    <span className="user-avatar" style={{ width: size, height: size, fontSize: size * 0.36 }} aria-hidden="true">
      {initials(displayName(user)) || '?'}
    </span>
  );
}

/** UserBadges: role, inactive, site admin and protected account. */
export function UserBadges({ user }: { user: User }) {
  const t = useT();
  return (
    <>
      <Badge tone={user.role === 'superadmin' ? 'purple' : user.role === 'admin' ? 'blue' : 'neutral'}>{roleLabel(user.role)}</Badge>
      {user.isActive === false ? <Badge tone="red">{t('admin.inactive')}</Badge> : <Badge tone="green">{t('admin.active')}</Badge>}
      {user.isSiteAdmin ? <Badge tone="amber">{t('admin.siteAdminBadge')}</Badge> : null}
      {user.isProtected ? <Badge tone="neutral">{t('admin.protected')}</Badge> : null}
    </>
  );
}
