import { Eye, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';
import type { ForumTopic } from '../api/types';
import { Avatar, authorName, TimeAgo, TopicBadges } from './meta';
import { shownCategoryName } from '../lib/seeded-categories';

/**
 * TopicRow is a topic in a list: title, badges, author, time, category chip (on the forum
 * home), last activity (on a category page), reply count and, for Popular and categories,
 * the view count.
 */
export function TopicRow({
  topic,
  showCategory = false,
  showViews = false,
  showActivity = false,
}: {
  topic: ForumTopic;
  showCategory?: boolean;
  showViews?: boolean;
  showActivity?: boolean;
}) {
  const pinned = topic.isPinned ?? topic.pinned;
  const locked = topic.isLocked ?? topic.locked;
  const t = useT();
  return (
    <li className="forum-topic">
      <Avatar name={topic.username} size={40} />
      <div className="forum-topic__main">
        <div className="forum-topic__title-row">
          <Link className="forum-topic__title" to={`/community/forum/topic/${topic.id}`}>
            {topic.title}
          </Link>
          <TopicBadges pinned={pinned} locked={locked} inReview={topic.inReview} />
        </div>
        <p className="forum-topic__meta">
          <span className="forum-topic__author">{authorName(topic.username)}</span>
          <TimeAgo value={topic.createdAt} />
          {showCategory ? (
            <Link className="forum-chip" to={`/community/forum/category/${topic.categorySlug}`}>
              {topic.categoryName ? shownCategoryName(topic.categorySlug, topic.categoryName) : t('forum.uncategorized')}
            </Link>
          ) : null}
          {showActivity && topic.lastActivityAt !== topic.createdAt ? <TimeAgo value={topic.lastActivityAt || topic.createdAt} prefix={t('forum.topic.active')} /> : null}
        </p>
      </div>
      <dl className="forum-topic__stats">
        <div className="forum-stat" aria-label={t('forum.count.replies', { count: topic.postCount })}>
          <dt>
            <MessageSquare size={15} aria-hidden="true" />
            <span className="visually-hidden">{t('forum.stat.replies')}</span>
          </dt>
          <dd>{topic.postCount}</dd>
        </div>
        {showViews ? (
          <div className="forum-stat" aria-label={t('forum.count.views', { count: topic.viewCount })}>
            <dt>
              <Eye size={15} aria-hidden="true" />
              <span className="visually-hidden">{t('forum.stat.views')}</span>
            </dt>
            <dd>{topic.viewCount}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
