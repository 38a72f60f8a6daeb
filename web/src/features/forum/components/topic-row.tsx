import { Eye, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { ForumTopic } from '../api/types';
import { Avatar, authorName, plural, TimeAgo, TopicBadges } from './meta';

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
              {topic.categoryName || 'Uncategorized'}
            </Link>
          ) : null}
          {showActivity && topic.lastActivityAt !== topic.createdAt ? <TimeAgo value={topic.lastActivityAt || topic.createdAt} prefix="active" /> : null}
        </p>
      </div>
      <dl className="forum-topic__stats">
        <div className="forum-stat" aria-label={plural(topic.postCount, 'reply', 'replies')}>
          <dt>
            <MessageSquare size={15} aria-hidden="true" />
            <span className="visually-hidden">Replies</span>
          </dt>
          <dd>{topic.postCount}</dd>
        </div>
        {showViews ? (
          <div className="forum-stat" aria-label={plural(topic.viewCount, 'view', 'views')}>
            <dt>
              <Eye size={15} aria-hidden="true" />
              <span className="visually-hidden">Views</span>
            </dt>
            <dd>{topic.viewCount}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
