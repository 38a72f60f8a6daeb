import { format } from 'date-fns';
import { Lock, Pin, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip } from '@/components/ui/tooltip';
import { localDate, parseDate } from '@/lib/dates';
import { t as translate } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/provider';
import { initials } from '@/lib/format';
import { relativeTime } from '@/lib/time-ago';

/** fullDate: "Jun 1, 2026, 8:00 AM", for the tooltip over a relative time (the language's own order). */
export function fullDate(value: string): string {
  const date = parseDate(value);
  if (!date) return '';
  return currentLocale() === 'en' ? format(date, 'PPp') : localDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}

/** TimeAgo shows a relative time with the full date in a tooltip (spec 02 §2). */
export function TimeAgo({ value, prefix }: { value: string; prefix?: string }) {
  const full = fullDate(value);
  return (
    <Tooltip content={full}>
      <time className="forum-time" dateTime={value} tabIndex={0} aria-label={`${prefix ? `${prefix} ` : ''}${full}`}>
        {prefix ? `${prefix} ` : ''}
        {relativeTime(value)}
      </time>
    </Tooltip>
  );
}

/** authorName: the spec's fallback for a missing author. */
export function authorName(username: string | null | undefined): string {
  return username?.trim() || translate('forum.unknownAuthor');
}

/** Avatar: the user's picture, or the initials of up to two words (spec 02 §9). */
export function Avatar({ name, src, size = 36 }: { name: string | null | undefined; src?: string | null; size?: number }) {
  const label = authorName(name);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src) return <img className="forum-avatar" src={src} alt="" style={style} />;
  return (
    <span className="forum-avatar" style={style} aria-hidden="true" data-hue={hue(label)}>
      {initials(label.replace(/[._-]+/g, ' ')) || '?'}
    </span>
  );
}

/** hue gives each name one of six stable avatar colours. */
function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 6;
}

/** TopicBadges: Pinned, Locked and Under Review. */
export function TopicBadges({ pinned, locked, inReview }: { pinned?: boolean; locked?: boolean; inReview?: boolean }) {
  const t = useT();
  if (!pinned && !locked && !inReview) return null;
  return (
    <span className="forum-badges">
      {pinned ? (
        <Badge tone="green" icon={<Pin size={12} aria-hidden="true" />}>
          {t('forum.badge.pinned')}
        </Badge>
      ) : null}
      {locked ? (
        <Badge tone="neutral" icon={<Lock size={12} aria-hidden="true" />}>
          {t('forum.badge.locked')}
        </Badge>
      ) : null}
      {inReview ? (
        <Badge tone="amber" icon={<ShieldAlert size={12} aria-hidden="true" />}>
          {t('forum.badge.underReview')}
        </Badge>
      ) : null}
    </span>
  );
}
