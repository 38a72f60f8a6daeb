import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { ListStates } from '@/components/ui/list-states';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LOAD_ERRORS, useCategoryTopics, useForumCategory } from '../api/read';
import { BackLink } from '../components/back-link';
import { plural } from '../components/meta';
import { NewTopicLink } from '../components/new-topic-link';
import { RecordFallback } from '../components/record-fallback';
import { TopicRow } from '../components/topic-row';
import '../components/forum.css';

/**
 * ForumCategoryPage (/community/forum/category/{slug}, spec 02 §2): the category's name and
 * description, New Topic preselecting it, and its topics — pinned first, then latest
 * activity, newest first — with badges, author, times and reply and view counts.
 */
export function ForumCategoryPage() {
  const { slug } = useParams();
  const category = useForumCategory(slug);
  const topics = useCategoryTopics(category.data ? slug : undefined);
  useDocumentTitle(category.data ? `${category.data.name} · Forum` : 'Forum');

  if (category.isLoading || category.error || !category.data) {
    return (
      <RecordFallback
        loading={category.isLoading}
        label="Loading category…"
        skeleton={{ back: 140, title: [40, '60%'], blocks: [72, 72] }}
        title="Category not found"
        message={LOAD_ERRORS.category}
      />
    );
  }
  const c = category.data;
  return (
    <div className="forum-page">
      <BackLink to="/community/forum" label="Back to Forum" />
      <header className="forum-head">
        <div className="forum-head__text">
          <h1 className="forum-head__title">{c.name}</h1>
          {c.description ? <p className="forum-head__description">{c.description}</p> : null}
        </div>
        <NewTopicLink categoryId={c.id} />
      </header>
      <h2 className="forum-section-title">{plural(c.topicsCount, 'Topic', 'Topics')}</h2>
      <ListStates
        query={topics}
        isEmpty={topics.items.length === 0}
        loading={{ label: 'Loading topics…', rows: 4, height: 72 }}
        errorTitle="Something went wrong"
        errorText={LOAD_ERRORS.topics}
        empty={{
          icon: <MessagesSquare size={26} />,
          title: 'No topics yet',
          text: 'No topics have been created in this category yet. Be the first to start a conversation!',
          action: <NewTopicLink categoryId={c.id} label="Create Topic" />,
        }}
        pager={topics}
      >
        <ul className="forum-topics">
          {topics.items.map((t) => (
            <TopicRow key={t.id} topic={t} showViews showActivity />
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
