import { MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { ListStates } from '@/components/ui/list-states';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useT } from '@/lib/i18n/provider';
import { LOAD_ERRORS, useCategoryTopics, useForumCategory } from '../api/read';
import { BackLink } from '../components/back-link';
import { NewTopicLink } from '../components/new-topic-link';
import { RecordFallback } from '../components/record-fallback';
import { TopicRow } from '../components/topic-row';
import '../components/forum.css';
import { shownCategory, shownCategoryName } from '../lib/seeded-categories';

/**
 * ForumCategoryPage (/community/forum/category/{slug}, spec 02 §2): the category's name and
 * description, New Topic preselecting it, and its topics — pinned first, then latest
 * activity, newest first — with badges, author, times and reply and view counts.
 */
export function ForumCategoryPage() {
  const { slug } = useParams();
  const category = useForumCategory(slug);
  const topics = useCategoryTopics(category.data ? slug : undefined);
  const t = useT();
  useDocumentTitle(category.data ? t('forum.category.pageTitle', { name: shownCategoryName(category.data.slug, category.data.name) }) : t('nav.forum'));

  if (category.isLoading || category.error || !category.data) {
    return (
      <RecordFallback
        loading={category.isLoading}
        label={t('forum.loading.category')}
        skeleton={{ back: 140, title: [40, '60%'], blocks: [72, 72] }}
        title={t('forum.category.notFound')}
        message={t(LOAD_ERRORS.category)}
      />
    );
  }
  const c = shownCategory(category.data);
  return (
    <div className="forum-page">
      <BackLink to="/community/forum" label={t('forum.back')} />
      <header className="forum-head">
        <div className="forum-head__text">
          <h1 className="forum-head__title">{c.name}</h1>
          {c.description ? <p className="forum-head__description">{c.description}</p> : null}
        </div>
        <NewTopicLink categoryId={c.id} />
      </header>
      <h2 className="forum-section-title">{t('forum.count.topicsTitle', { count: c.topicsCount })}</h2>
      <ListStates
        query={topics}
        isEmpty={topics.items.length === 0}
        loading={{ label: t('forum.loading.topics'), rows: 4, height: 72 }}
        errorTitle={t('forum.error.title')}
        errorText={t(LOAD_ERRORS.topics)}
        empty={{
          icon: <MessagesSquare size={26} />,
          title: t('forum.topics.none'),
          text: t('forum.topics.noneCategory'),
          action: <NewTopicLink categoryId={c.id} label={t('forum.topicForm.create')} />,
        }}
        pager={topics}
      >
        <ul className="forum-topics">
          {topics.items.map((topic) => (
            <TopicRow key={topic.id} topic={topic} showViews showActivity />
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
