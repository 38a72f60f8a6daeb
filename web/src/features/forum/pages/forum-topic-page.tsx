import {
  Bell,
  BellOff,
  BellRing,
  Lock,
  LockOpen,
  LogIn,
  MessageSquare,
  Pencil,
  Pin,
  PinOff,
  ShieldAlert,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { RichText } from '@/components/rich-text/rich-text';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { ListStates } from '@/components/ui/list-states';
import { useToast } from '@/components/ui/toast';
import { parseDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInLink } from '@/lib/use-sign-in-link';
import { useDeleteTopic, useTopicFlags, useTopicReview, useWatchTopic } from '../api/moderation';
import { LOAD_ERRORS, useForumTopic, useTopicPosts } from '../api/read';
import { EDIT_WINDOW_MS, topicEditSchema, useEditTopic } from '../api/topics';
import type { ForumTopic, WatchLevel } from '../api/types';
import { BackLink } from '../components/back-link';
import { Avatar, authorName, plural, TimeAgo, TopicBadges } from '../components/meta';
import { PostItem, type Reader } from '../components/post-item';
import { ReasonDialog } from '../components/reason-dialog';
import { RecordFallback } from '../components/record-fallback';
import { ReplyForm } from '../components/reply-form';
import '../components/forum.css';

const WATCH: { value: WatchLevel; label: string; hint: string }[] = [
  { value: 'watching', label: 'Watching', hint: 'Every reply notifies you' },
  { value: 'normal', label: 'Normal', hint: 'Replies notify you once you take part, and mentions' },
  { value: 'muted', label: 'Muted', hint: 'Nothing from this topic' },
];

function WatchControl({ topic }: { topic: ForumTopic }) {
  const watch = useWatchTopic();
  const { toast } = useToast();
  const level = topic.watchLevel ?? 'normal';
  const Icon = level === 'watching' ? BellRing : level === 'muted' ? BellOff : Bell;
  return (
    <label className="forum-watch">
      <Icon size={16} aria-hidden="true" />
      <span className="visually-hidden">Notifications for this topic</span>
      <select
        className="forum-watch__select"
        value={level}
        disabled={watch.isMutating}
        aria-label="Notifications for this topic"
        onChange={async (event) => {
          const next = event.target.value as WatchLevel;
          try {
            await watch.trigger({ id: topic.id, level: next });
            toast({ title: 'Notifications updated', description: WATCH.find((w) => w.value === next)?.hint, variant: 'success' });
          } catch (error) {
            toast({ title: 'Failed to update notifications', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
          }
        }}
      >
        {WATCH.map((w) => (
          <option key={w.value} value={w.value}>
            {w.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** TopicEditForm: the author changes the title and first post, with the new topic form's rules. */
function TopicEditForm({ topic, onDone }: { topic: ForumTopic; onDone: () => void }) {
  const form = useZodForm(topicEditSchema, { defaultValues: { title: topic.title, content: topic.content ?? '' } });
  const { trigger, isMutating } = useEditTopic();
  const { toast } = useToast();
  return (
    <Form
      form={form}
      className="forum-topic-edit"
      aria-label="Edit your topic"
      onSubmit={async (change) => {
        await trigger({ id: topic.id, ...change });
        toast({ title: 'Topic Updated', variant: 'success' });
        onDone();
      }}
      onSubmitError={(error) =>
        toast({ title: 'Failed to Update Topic', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' })
      }
    >
      <FormInput name="title" label="Title" maxLength={120} />
      <FormRichTextEditor name="content" label="Content" minHeight={160} />
      <div className="forum-form-actions">
        <Button variant="outline" onClick={onDone} disabled={isMutating}>
          Cancel
        </Button>
        <Button type="submit" loading={isMutating}>
          {isMutating ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}

type Moderation = 'review' | 'delete' | null;

function ModeratorBar({ topic, reader }: { topic: ForumTopic; reader: Reader }) {
  const [dialog, setDialog] = useState<Moderation>(null);
  const flags = useTopicFlags();
  const review = useTopicReview();
  const remove = useDeleteTopic();
  const { toast } = useToast();
  const navigate = useNavigate();

  const setFlag = async (change: { pinned?: boolean; locked?: boolean }) => {
    try {
      await flags.trigger({ id: topic.id, ...change });
      const what =
        change.pinned !== undefined ? (change.pinned ? 'Topic Pinned' : 'Topic Unpinned') : change.locked ? 'Topic Locked' : 'Topic Unlocked';
      toast({ title: what, variant: 'success' });
    } catch (error) {
      toast({ title: 'Failed to Update Topic', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  };

  const confirm = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: topic.id, reason });
        toast({ title: 'Topic Deleted', description: 'The topic and its replies were deleted.', variant: 'success' });
        setDialog(null);
        void navigate(topic.categorySlug ? `/community/forum/category/${topic.categorySlug}` : '/community/forum');
        return;
      }
      const next = await review.trigger({ id: topic.id, inReview: !topic.inReview, userId: reader.id, reason });
      toast({
        title: next?.inReview ? 'Topic Under Review' : 'Review Cleared',
        description: next?.inReview ? 'Only its author and superadmins can see it now.' : 'The topic is visible to everyone again.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: dialog === 'delete' ? 'Failed to Delete Topic' : 'Failed to Update Review Status',
        description: getErrorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
    setDialog(null);
  };

  return (
    <div className="forum-mod" role="group" aria-label="Moderation">
      <Button
        variant="outline"
        size="sm"
        loading={flags.isMutating}
        icon={topic.pinned ? <PinOff size={15} aria-hidden="true" /> : <Pin size={15} aria-hidden="true" />}
        onClick={() => void setFlag({ pinned: !topic.pinned })}
      >
        {topic.pinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        loading={flags.isMutating}
        icon={topic.locked ? <LockOpen size={15} aria-hidden="true" /> : <Lock size={15} aria-hidden="true" />}
        onClick={() => void setFlag({ locked: !topic.locked })}
      >
        {topic.locked ? 'Unlock' : 'Lock'}
      </Button>
      <Button
        variant="outline"
        size="sm"
        icon={topic.inReview ? <ShieldCheck size={15} aria-hidden="true" /> : <ShieldAlert size={15} aria-hidden="true" />}
        onClick={() => setDialog('review')}
      >
        {topic.inReview ? 'Clear Review' : 'Place in Review'}
      </Button>
      <Button variant="danger" size="sm" icon={<Trash2 size={15} aria-hidden="true" />} onClick={() => setDialog('delete')}>
        Delete Topic
      </Button>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        pending={review.isMutating || remove.isMutating}
        destructive={dialog === 'delete'}
        title={dialog === 'delete' ? 'Delete Topic' : topic.inReview ? 'Clear Review' : 'Place Topic in Review'}
        description={
          dialog === 'delete'
            ? `Are you sure you want to delete “${topic.title}”? All of its replies will be deleted too. This cannot be undone.`
            : topic.inReview
              ? 'The topic will be visible to everyone again.'
              : 'The topic will be hidden from everyone but its author and superadmins until the review is cleared.'
        }
        confirmLabel={dialog === 'delete' ? 'Delete Topic' : topic.inReview ? 'Clear Review' : 'Place in Review'}
        onConfirm={(reason) => void confirm(reason)}
      />
    </div>
  );
}

/**
 * ForumTopicPage (/community/forum/topic/{id}, spec 02 §2): the topic with its badges,
 * author, time and body, its replies, the reply form for signed-in readers of an unlocked
 * topic, a sign-in notice for visitors, the reader's watch level, and the superadmin's
 * controls (pin, lock, review, delete) with confirmations.
 */
export function ForumTopicPage() {
  const { id } = useParams();
  const { user } = useSession();
  const topic = useForumTopic(id);
  const posts = useTopicPosts(id, Boolean(topic.data));
  const signIn = useSignInLink();
  const replyRef = useRef<HTMLElement>(null);
  const [quote, setQuote] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  useDocumentTitle(topic.data ? topic.data.title : 'Forum topic');
  const reader: Reader | null = user ? { id: user.id, username: user.username, superadmin: user.role === 'superadmin' } : null;
  const onQuoted = useCallback(() => setQuote(undefined), []);

  if (topic.isLoading || topic.error || !topic.data) {
    return (
      <RecordFallback
        loading={topic.isLoading}
        narrow
        label="Loading topic…"
        skeleton={{ back: 160, title: [44, '70%'], blocks: [160, 90] }}
        title="Topic not found"
        message={LOAD_ERRORS.topic}
      />
    );
  }
  const t = topic.data;
  const own = reader !== null && t.userId === reader.id;
  const created = parseDate(t.createdAt);
  // The replies' rule: the author, within 24 hours of posting (the server checks it too).
  const canEdit = own && created !== null && Date.now() - created.getTime() <= EDIT_WINDOW_MS;
  const reply = (username: string) => {
    setQuote(username ? `@${username}&nbsp;` : '');
    replyRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <div className="forum-page forum-page--narrow">
      <BackLink
        to={t.categorySlug ? `/community/forum/category/${t.categorySlug}` : '/community/forum'}
        label={t.categoryName ? `Back to ${t.categoryName}` : 'Back to Forum'}
      />
      <article className="forum-topic-card" aria-labelledby="topic-title">
        <header className="forum-topic-card__head">
          <TopicBadges pinned={t.pinned} locked={t.locked} inReview={t.inReview} />
          <h1 id="topic-title" className="forum-topic-card__title">
            {t.title}
          </h1>
          <div className="forum-topic-card__meta">
            <Avatar name={t.username} size={32} />
            <span className="forum-post__author">{authorName(t.username)}</span>
            <TimeAgo value={t.createdAt} />
            {t.edited && t.editedAt ? (
              <span className="forum-post__edited" title={`Edited ${new Date(t.editedAt).toLocaleString()}`}>
                (edited)
              </span>
            ) : null}
            <span className="forum-topic-card__count">
              <MessageSquare size={14} aria-hidden="true" /> {plural(t.postCount, 'reply', 'replies')}
            </span>
            {reader ? <WatchControl topic={t} /> : null}
          </div>
        </header>
        {t.inReview && own && !reader?.superadmin ? (
          <Alert variant="warning" title="Awaiting review">
            A moderator placed this topic under review. Only you and moderators can see it until the review is cleared.
          </Alert>
        ) : null}
        {editing ? (
          <TopicEditForm topic={t} onDone={() => setEditing(false)} />
        ) : (
          <RichText className="forum-topic-card__body" content={t.content ?? ''} />
        )}
        {canEdit && !editing ? (
          <div className="forum-post__actions">
            <button type="button" className="forum-action" aria-label="Edit topic" onClick={() => setEditing(true)}>
              <Pencil size={15} aria-hidden="true" /> Edit
            </button>
          </div>
        ) : null}
        {reader?.superadmin ? <ModeratorBar topic={t} reader={reader} /> : null}
      </article>

      <section className="forum-replies" aria-labelledby="replies-title">
        <h2 id="replies-title" className="forum-section-title">
          Replies <span className="forum-section-title__count">{t.postCount}</span>
        </h2>
        <ListStates
          query={posts}
          isEmpty={posts.items.length === 0}
          loading={{ label: 'Loading replies…', rows: 3, height: 96 }}
          errorTitle="Something went wrong"
          errorText={LOAD_ERRORS.replies}
          compact
          empty={{ icon: <MessageSquare size={22} />, title: 'No replies yet', text: 'No replies yet. Be the first to respond!' }}
          pager={posts}
        >
          <ol className="forum-posts">
            {posts.items.map((p) => (
              <PostItem key={p.id} post={p} reader={reader} locked={t.locked} onReply={reply} />
            ))}
          </ol>
        </ListStates>
      </section>

      {t.locked ? (
        <Alert variant="info" title="Locked">
          This topic is locked and no longer accepting new replies.
        </Alert>
      ) : reader ? (
        <ReplyForm topicId={t.id} quote={quote} onQuoted={onQuoted} anchorRef={replyRef} />
      ) : (
        <div className="forum-signin">
          <LogIn size={20} aria-hidden="true" />
          <p>Sign in to reply, like and follow this topic.</p>
          <Link to={signIn} className={buttonClass('primary', 'sm')}>
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}
