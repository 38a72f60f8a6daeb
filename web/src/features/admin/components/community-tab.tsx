import { GraduationCap, HandHeart, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { NoResults } from '@/components/ui/list-states';
import { matchesSearch } from './admin-tabs';

interface CommunityCard {
  title: string;
  description: string;
  icon: ReactNode;
  to?: string;
  action: string;
}

const CARDS: CommunityCard[] = [
  {
    title: 'Forum Categories',
    description: 'Create, edit, reorder and delete the categories of the community forum.',
    icon: <MessagesSquare size={22} />,
    to: '/admin/forum-categories',
    action: 'Manage Categories',
  },
  {
    title: 'Expert Q&A Management',
    description: 'Moderate questions and answers from the experts.',
    icon: <GraduationCap size={22} />,
    action: 'Coming Soon',
  },
  {
    title: 'Plant Sharing Management',
    description: 'Moderate listings and messages of plant sharing.',
    icon: <HandHeart size={22} />,
    action: 'Coming Soon',
  },
];

/** CommunityTab: a Forum Categories card and disabled Coming Soon cards (spec 02 §2). */
export function CommunityTab({ search }: { search: string }) {
  const visible = CARDS.filter((card) => matchesSearch(search, card.title, card.description));
  if (visible.length === 0) return <NoResults compact text={`No community tool matches “${search.trim()}”.`} />;
  return (
    <ul className="community-cards" aria-label="Community management">
      {visible.map((card) => (
        <li key={card.title}>
          <article className={card.to ? 'community-card' : 'community-card community-card--disabled'} aria-label={card.title} aria-disabled={!card.to || undefined}>
            <div className="community-card__head">
              <span className="icon-tile dashboard-icon" aria-hidden="true">
                {card.icon}
              </span>
              {!card.to ? <Badge tone="neutral">Coming Soon</Badge> : null}
            </div>
            <h3 className="community-card__title">{card.title}</h3>
            <p className="community-card__text">{card.description}</p>
            {card.to ? (
              <Link to={card.to} className={buttonClass('primary', 'sm')}>
                {card.action}
              </Link>
            ) : (
              <button type="button" className={buttonClass('outline', 'sm')} disabled>
                {card.action}
              </button>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
