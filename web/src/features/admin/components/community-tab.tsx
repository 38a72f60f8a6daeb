import { GraduationCap, HandHeart, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { NoResults } from '@/components/ui/list-states';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { matchesSearch } from './admin-tabs';

/** A card; its texts are catalogue keys. */
interface CommunityCard {
  title: MessageKey;
  description: MessageKey;
  icon: ReactNode;
  to?: string;
  action: MessageKey;
}

const CARDS: CommunityCard[] = [
  {
    title: 'admin.community.forum',
    description: 'admin.community.forumText',
    icon: <MessagesSquare size={22} />,
    to: '/admin/forum-categories',
    action: 'admin.community.forumAction',
  },
  {
    title: 'admin.community.qa',
    description: 'admin.community.qaText',
    icon: <GraduationCap size={22} />,
    action: 'admin.community.comingSoon',
  },
  {
    title: 'admin.community.sharing',
    description: 'admin.community.sharingText',
    icon: <HandHeart size={22} />,
    action: 'admin.community.comingSoon',
  },
];

/** CommunityTab: a Forum Categories card and disabled Coming Soon cards (spec 02 §2). */
export function CommunityTab({ search }: { search: string }) {
  const t = useT();
  const visible = CARDS.filter((card) => matchesSearch(search, t(card.title), t(card.description)));
  if (visible.length === 0) return <NoResults compact text={t('admin.community.noMatch', { query: search.trim() })} />;
  return (
    <ul className="community-cards" aria-label={t('admin.community.label')}>
      {visible.map((card) => (
        <li key={card.title}>
          <article className={card.to ? 'community-card' : 'community-card community-card--disabled'} aria-label={t(card.title)} aria-disabled={!card.to || undefined}>
            <div className="community-card__head">
              <span className="icon-tile dashboard-icon" aria-hidden="true">
                {card.icon}
              </span>
              {!card.to ? <Badge tone="neutral">{t('admin.community.comingSoon')}</Badge> : null}
            </div>
            <h3 className="community-card__title">{t(card.title)}</h3>
            <p className="community-card__text">{t(card.description)}</p>
            {card.to ? (
              <Link to={card.to} className={buttonClass('primary', 'sm')}>
                {t(card.action)}
              </Link>
            ) : (
              <button type="button" className={buttonClass('outline', 'sm')} disabled>
                {t(card.action)}
              </button>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
