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
import { localDate, parseDate } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSignInLink } from '@/lib/use-sign-in-link';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDeleteTopic, useTopicFlags, useTopicReview, useWatchTopic } from '../api/moderation';
import { LOAD_ERRORS, useForumTopic, useTopicPosts } from '../api/read';
import { EDIT_WINDOW_MS, topicEditSchema, useEditTopic } from '../api/topics';
import type { ForumTopic, WatchLevel } from '../api/types';
import { BackLink } from '../components/back-link';
import { Avatar, authorName, TimeAgo, TopicBadges } from '../components/meta';
import { PostItem, type Reader } from '../components/post-item';
import { ReasonDialog } from '../components/reason-dialog';
import { RecordFallback } from '../components/record-fallback';
import { ReplyForm } from '../components/reply-form';
import '../components/forum.css';
import { shownCategoryName } from '../lib/seeded-categories';

const WATCH: { value: WatchLevel; label: MessageKey; hint: MessageKey }[] = [
  { value: 'watching', label: 'forum.watch.watching', hint: 'forum.watch.watchingHint' },
  { value: 'normal', label: 'forum.watch.normal', hint: 'forum.watch.normalHint' },
  { value: 'muted', label: 'forum.watch.muted', hint: 'forum.watch.mutedHint' },
];

/** The moment of an edit, as toLocaleString writes it ("11/27/2026, 9:05:00 PM"). */
const EDITED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };

function WatchControl({ topic }: { topic: ForumTopic }) {
  const watch = useWatchTopic();
  const { toast } = useToast();
  const t = useT();
  const level = topic.watchLevel ?? 'normal';
  const Icon = level === 'watching' ? BellRing : level === 'muted' ? BellOff : Bell;
  return (
    <label className="forum-watch">
      <Icon size={16} aria-hidden="true" />
      <span className="visually-hidden">{t('forum.watch.label')}</span>
      <select
        className="forum-watch__select"
        value={level}
        disabled={watch.isMutating}
        aria-label={t('forum.watch.label')}
        onChange={async (event) => {
          const next = event.target.value as WatchLevel;
          try {
            await watch.trigger({ id: topic.id, level: next });
            const hint = WATCH.find((w) => w.value === next)?.hint;
            toast({ title: t('forum.watch.updated'), description: hint ? t(hint) : undefined, variant: 'success' });
          } catch (error) {
            toast({ title: t('forum.watch.failed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
          }
        }}
      >
        {WATCH.map((w) => (
          <option key={w.value} value={w.value}>
            {t(w.label)}
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
  const t = useT();
  return (
    <Form
      form={form}
      className="forum-topic-edit"
      aria-label={t('forum.topicEdit.label')}
      onSubmit={async (change) => {
        await trigger({ id: topic.id, ...change });
        toast({ title: t('forum.topicEdit.updated'), variant: 'success' });
        onDone();
      }}
      onSubmitError={(error) =>
        toast({ title: t('forum.topicEdit.failed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' })
      }
    >
      <FormInput name="title" label={t('forum.topicForm.title')} maxLength={120} />
      <FormRichTextEditor name="content" label={t('forum.topicForm.content')} minHeight={160} />
      <div className="forum-form-actions">
        <Button variant="outline" onClick={onDone} disabled={isMutating}>
          {t('forum.cancel')}
        </Button>
        <Button type="submit" loading={isMutating}>
          {isMutating ? t('forum.saving') : t('forum.save')}
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
  const t = useT();
  const navigate = useNavigate();

  const setFlag = async (change: { pinned?: boolean; locked?: boolean }) => {
    try {
      await flags.trigger({ id: topic.id, ...change });
      const what =
        change.pinned !== undefined
          ? change.pinned
            ? 'forum.mod.pinned'
            : 'forum.mod.unpinned'
          : change.locked
            ? 'forum.mod.locked'
            : 'forum.mod.unlocked';
      toast({ title: t(what), variant: 'success' });
    } catch (error) {
      toast({ title: t('forum.topicEdit.failed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
    }
  };

  const confirm = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: topic.id, reason });
        toast({ title: t('forum.mod.deleted'), description: t('forum.mod.deletedText'), variant: 'success' });
        setDialog(null);
        void navigate(topic.categorySlug ? `/community/forum/category/${topic.categorySlug}` : '/community/forum');
        return;
      }
      const next = await review.trigger({ id: topic.id, inReview: !topic.inReview, userId: reader.id, reason });
      toast({
        title: next?.inReview ? t('forum.mod.inReview') : t('forum.post.reviewCleared'),
        description: next?.inReview ? t('forum.post.inReviewText') : t('forum.mod.reviewClearedText'),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: dialog === 'delete' ? t('forum.mod.deleteFailed') : t('forum.post.reviewFailed'),
        description: getErrorMessage(error, t('forum.tryLater')),
        variant: 'destructive',
      });
    }
    setDialog(null);
  };

  return (
    <div className="forum-mod" role="group" aria-label={t('forum.mod.label')}>
      <Button
        variant="outline"
        size="sm"
        loading={flags.isMutating}
        icon={topic.pinned ? <PinOff size={15} aria-hidden="true" /> : <Pin size={15} aria-hidden="true" />}
        onClick={() => void setFlag({ pinned: !topic.pinned })}
      >
        {topic.pinned ? t('forum.mod.unpin') : t('forum.mod.pin')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        loading={flags.isMutating}
        icon={topic.locked ? <LockOpen size={15} aria-hidden="true" /> : <Lock size={15} aria-hidden="true" />}
        onClick={() => void setFlag({ locked: !topic.locked })}
      >
        {topic.locked ? t('forum.mod.unlock') : t('forum.mod.lock')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        icon={topic.inReview ? <ShieldCheck size={15} aria-hidden="true" /> : <ShieldAlert size={15} aria-hidden="true" />}
        onClick={() => setDialog('review')}
      >
        {topic.inReview ? t('forum.post.clearTitle') : t('forum.post.placeInReview')}
      </Button>
      <Button variant="danger" size="sm" icon={<Trash2 size={15} aria-hidden="true" />} onClick={() => setDialog('delete')}>
        {t('forum.mod.deleteTitle')}
      </Button>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        pending={review.isMutating || remove.isMutating}
        destructive={dialog === 'delete'}
        title={t(dialog === 'delete' ? 'forum.mod.deleteTitle' : topic.inReview ? 'forum.post.clearTitle' : 'forum.mod.reviewTitle')}
        description={
          dialog === 'delete'
            ? t('forum.mod.deleteText', { title: topic.title })
            : t(topic.inReview ? 'forum.mod.clearText' : 'forum.mod.reviewText')
        }
        confirmLabel={t(dialog === 'delete' ? 'forum.mod.deleteTitle' : topic.inReview ? 'forum.post.clearTitle' : 'forum.post.placeInReview')}
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
  const t = useT();
  useDocumentTitle(topic.data ? topic.data.title : t('forum.topic.documentTitle'));
  const reader: Reader | null = user ? { id: user.id, username: user.username, superadmin: user.role === 'superadmin' } : null;
  const onQuoted = useCallback(() => setQuote(undefined), []);

  if (topic.isLoading || topic.error || !topic.data) {
    return (
      <RecordFallback
        loading={topic.isLoading}
        narrow
        label={t('forum.loading.topic')}
        skeleton={{ back: 160, title: [44, '70%'], blocks: [160, 90] }}
        title={t('forum.topic.notFound')}
        message={t(LOAD_ERRORS.topic)}
      />
    );
  }
  const tp = topic.data;
  const own = reader !== null && tp.userId === reader.id;
  const created = parseDate(tp.createdAt);
  // The replies' rule: the author, within 24 hours of posting (the server checks it too).
  const canEdit = own && created !== null && Date.now() - created.getTime() <= EDIT_WINDOW_MS;
  const reply = (username: string) => {
    setQuote(username ? `@${username}&nbsp;` : '');
    replyRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  return (
    <div className="forum-page forum-page--narrow">
      <BackLink
        to={tp.categorySlug ? `/community/forum/category/${tp.categorySlug}` : '/community/forum'}
        label={tp.categoryName ? t('forum.backTo', { name: shownCategoryName(tp.categorySlug, tp.categoryName) }) : t('forum.back')}
      />
      <article className="forum-topic-card" aria-labelledby="topic-title">
        <header className="forum-topic-card__head">
          <TopicBadges pinned={tp.pinned} locked={tp.locked} inReview={tp.inReview} />
          <h1 id="topic-title" className="forum-topic-card__title">
            {tp.title}
          </h1>
          <div className="forum-topic-card__meta">
            <Avatar name={tp.username} size={32} />
            <span className="forum-post__author">{authorName(tp.username)}</span>
            <TimeAgo value={tp.createdAt} />
            {tp.edited && tp.editedAt ? (
              <span className="forum-post__edited" title={t('forum.post.editedAt', { date: localDate(new Date(tp.editedAt), EDITED_AT) })}>
                {t('forum.post.edited')}
              </span>
            ) : null}
            <span className="forum-topic-card__count">
              <MessageSquare size={14} aria-hidden="true" /> {t('forum.count.replies', { count: tp.postCount })}
            </span>
            {reader ? <WatchControl topic={tp} /> : null}
          </div>
        </header>
        {tp.inReview && own && !reader?.superadmin ? (
          <Alert variant="warning" title={t('forum.badge.awaitingReview')}>
            {t('forum.topic.awaitingText')}
          </Alert>
        ) : null}
        {editing ? (
          <TopicEditForm topic={tp} onDone={() => setEditing(false)} />
        ) : (
          <RichText className="forum-topic-card__body" content={tp.content ?? ''} />
        )}
        {canEdit && !editing ? (
          <div className="forum-post__actions">
            <button type="button" className="forum-action" aria-label={t('forum.topic.edit')} onClick={() => setEditing(true)}>
              <Pencil size={15} aria-hidden="true" /> {t('forum.post.edit')}
            </button>
          </div>
        ) : null}
        {reader?.superadmin ? <ModeratorBar topic={tp} reader={reader} /> : null}
      </article>

      <section className="forum-replies" aria-labelledby="replies-title">
        <h2 id="replies-title" className="forum-section-title">
          {t('forum.stat.replies')} <span className="forum-section-title__count">{tp.postCount}</span>
        </h2>
        <ListStates
          query={posts}
          isEmpty={posts.items.length === 0}
          loading={{ label: t('forum.loading.replies'), rows: 3, height: 96 }}
          errorTitle={t('forum.error.title')}
          errorText={t(LOAD_ERRORS.replies)}
          compact
          empty={{ icon: <MessageSquare size={22} />, title: t('forum.replies.none'), text: t('forum.replies.noneText') }}
          pager={posts}
        >
          <ol className="forum-posts">
            {posts.items.map((p) => (
              <PostItem key={p.id} post={p} reader={reader} locked={tp.locked} onReply={reply} />
            ))}
          </ol>
        </ListStates>
      </section>

      {tp.locked ? (
        <Alert variant="info" title={t('forum.badge.locked')}>
          {t('forum.topic.lockedText')}
        </Alert>
      ) : reader ? (
        <ReplyForm topicId={tp.id} quote={quote} onQuoted={onQuoted} anchorRef={replyRef} />
      ) : (
        <div className="forum-signin">
          <LogIn size={20} aria-hidden="true" />
          <p>{t('forum.topic.signIn')}</p>
          <Link to={signIn} className={buttonClass('primary', 'sm')}>
            {t('auth.signIn')}
          </Link>
        </div>
      )}
    </div>
  );
}
