import { CloudOff, FolderOpen, LogIn } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInLink } from '@/lib/use-sign-in-link';
import { useT } from '@/lib/i18n/provider';
import { LOAD_ERRORS, useForumCategoryOptions } from '../api/read';
import { BackLink } from '../components/back-link';
import { TopicForm } from '../components/topic-form';
import '../components/forum.css';

/**
 * ForumNewTopicPage (/community/forum/new, optional ?categoryId=; spec 02 §2): signed-in users
 * choose a category and write a title and content; visitors are asked to sign in.
 */
export function ForumNewTopicPage() {
  const t = useT();
  useDocumentTitle(t('forum.newTopic'));
  const { user } = useSession();
  const [params] = useSearchParams();
  const signIn = useSignInLink();
  const categories = useForumCategoryOptions();
  const categoryId = params.get('categoryId') ?? undefined;
  const back = categories.data?.find((c) => String(c.id) === categoryId);

  // The link's name sits inside the sentence, wherever the language puts it.
  const [firstBefore, firstAfter] = t('forum.newTopicPage.createFirst', { page: '\u0000' }).split('\u0000');
  let body;
  if (!user) {
    body = (
      <EmptyState
        icon={<LogIn size={26} />}
        title={t('forum.newTopicPage.signIn')}
        action={
          <Link to={signIn} className={buttonClass('primary', 'md')}>
            {t('auth.signIn')}
          </Link>
        }
      >
        {t('forum.newTopicPage.signInText')}
      </EmptyState>
    );
  } else if (categories.isLoading) {
    body = (
      <LoadingRegion label={t('forum.loading.categories')} className="forum-skeleton">
        <Skeleton height={60} />
        <Skeleton height={60} />
        <Skeleton height={220} />
      </LoadingRegion>
    );
  } else if (categories.error) {
    body = (
      <EmptyState icon={<CloudOff size={26} />} title={t('forum.error.title')}>
        {t(LOAD_ERRORS.newTopicCategories)}
      </EmptyState>
    );
  } else if ((categories.data ?? []).length === 0) {
    body = (
      <EmptyState icon={<FolderOpen size={26} />} title={t('forum.categories.none')}>
        {user.role === 'superadmin' ? (
          <>
            {firstBefore}
            <Link to="/admin/forum-categories">{t('forum.admin.title')}</Link>
            {firstAfter}
          </>
        ) : (
          t('forum.newTopicPage.noCategories')
        )}
      </EmptyState>
    );
  } else {
    body = <TopicForm categories={categories.data ?? []} categoryId={categoryId} />;
  }

  return (
    <div className="forum-page forum-page--narrow">
      <BackLink to={back ? `/community/forum/category/${back.slug}` : '/community/forum'} label={back ? t('forum.backTo', { name: back.name }) : t('forum.back')} />
      <PageHeader title={t('forum.newTopic')} description={t('forum.newTopicPage.description')} />
      <Card>
        <CardBody>{body}</CardBody>
      </Card>
    </div>
  );
}
