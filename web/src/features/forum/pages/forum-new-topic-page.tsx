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
import { LOAD_ERRORS, useForumCategoryOptions } from '../api/read';
import { BackLink } from '../components/back-link';
import { TopicForm } from '../components/topic-form';
import '../components/forum.css';

/**
 * ForumNewTopicPage (/community/forum/new, optional ?categoryId=; spec 02 §2): signed-in users
 * choose a category and write a title and content; visitors are asked to sign in.
 */
export function ForumNewTopicPage() {
  useDocumentTitle('New Topic');
  const { user } = useSession();
  const [params] = useSearchParams();
  const signIn = useSignInLink();
  const categories = useForumCategoryOptions();
  const categoryId = params.get('categoryId') ?? undefined;
  const back = categories.data?.find((c) => String(c.id) === categoryId);

  let body;
  if (!user) {
    body = (
      <EmptyState
        icon={<LogIn size={26} />}
        title="Sign in to start a topic"
        action={
          <Link to={signIn} className={buttonClass('primary', 'md')}>
            Sign in
          </Link>
        }
      >
        You need to be signed in to create a topic. Anyone can read the forum.
      </EmptyState>
    );
  } else if (categories.isLoading) {
    body = (
      <LoadingRegion label="Loading categories…" className="forum-skeleton">
        <Skeleton height={60} />
        <Skeleton height={60} />
        <Skeleton height={220} />
      </LoadingRegion>
    );
  } else if (categories.error) {
    body = (
      <EmptyState icon={<CloudOff size={26} />} title="Something went wrong">
        {LOAD_ERRORS.newTopicCategories}
      </EmptyState>
    );
  } else if ((categories.data ?? []).length === 0) {
    body = (
      <EmptyState icon={<FolderOpen size={26} />} title="No categories yet">
        {user.role === 'superadmin' ? (
          <>
            Create a category first on <Link to="/admin/forum-categories">Forum Categories</Link>.
          </>
        ) : (
          'The forum has no categories yet. Please come back later.'
        )}
      </EmptyState>
    );
  } else {
    body = <TopicForm categories={categories.data ?? []} categoryId={categoryId} />;
  }

  return (
    <div className="forum-page forum-page--narrow">
      <BackLink to={back ? `/community/forum/category/${back.slug}` : '/community/forum'} label={back ? `Back to ${back.name}` : 'Back to Forum'} />
      <PageHeader title="New Topic" description="Start a conversation with the community." />
      <Card>
        <CardBody>{body}</CardBody>
      </Card>
    </div>
  );
}
