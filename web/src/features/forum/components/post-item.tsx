import { Flag, Heart, Pencil, Reply, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { getErrorMessage } from '@/api/client';
import { RichText } from '@/components/rich-text/rich-text';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { applyServerErrors, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { localDate, parseDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { usePostReview, useReportPost, useDeletePost, useToggleLike } from '../api/moderation';
import { EDIT_WINDOW_MS, replySchema, useEditPost } from '../api/topics';
import type { ForumPost } from '../api/types';
import { Avatar, authorName, TimeAgo } from './meta';
import { ReasonDialog } from './reason-dialog';

/** The reader of a topic page: a visitor (null), a user or a superadmin. */
export interface Reader {
  id: number;
  username: string;
  superadmin: boolean;
}

/** The moment of an edit, as toLocaleString writes it ("11/27/2026, 9:05:00 PM"). */
const EDITED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };

function EditForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const form = useZodForm(replySchema, { defaultValues: { content: post.content } });
  const { trigger, isMutating } = useEditPost();
  const { toast } = useToast();
  const t = useT();
  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await trigger({ id: post.id, content });
      toast({ title: t('forum.post.updated'), variant: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ title: t('forum.post.updateFailed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="forum-post__edit">
        <FormRichTextEditor name="content" label={t('forum.post.editLabel')} minHeight={100} />
        <div className="forum-form-actions">
          <Button variant="outline" onClick={onDone} disabled={isMutating}>
            {t('forum.cancel')}
          </Button>
          <Button type="submit" loading={isMutating}>
            {isMutating ? t('forum.saving') : t('forum.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * PostItem is one reply (spec 02 §2): avatar or initials, author, time with its full date,
 * (edited), the HTML body, likes, Reply, Report (signed-in non-superadmins, once), Edit (the
 * author, within 24 hours) and, for superadmins, Review/Clear and Delete with a confirmation.
 */
export function PostItem({
  post,
  reader,
  locked,
  onReply,
}: {
  post: ForumPost;
  reader: Reader | null;
  locked: boolean;
  onReply: (username: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'review' | 'delete' | 'report' | null>(null);
  const like = useToggleLike();
  const review = usePostReview();
  const remove = useDeletePost();
  const report = useReportPost();
  const { toast } = useToast();
  const t = useT();
  const own = reader !== null && post.userId === reader.id;
  const created = parseDate(post.createdAt);
  const canEdit = own && created !== null && Date.now() - created.getTime() <= EDIT_WINDOW_MS;
  const name = authorName(post.username);

  const toggleLike = async () => {
    try {
      await like.trigger(post.id);
    } catch (error) {
      toast({ title: t('forum.post.likeFailed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
    }
  };

  const onModerate = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: post.id, reason });
        toast({ title: t('forum.post.deleted'), description: t('forum.post.deletedText'), variant: 'success' });
      } else if (dialog === 'review') {
        const next = await review.trigger({ id: post.id, inReview: !post.inReview, userId: reader?.id, reason });
        toast({
          title: next?.inReview ? t('forum.post.inReview') : t('forum.post.reviewCleared'),
          description: next?.inReview ? t('forum.post.inReviewText') : t('forum.post.reviewClearedText'),
          variant: 'success',
        });
      } else if (dialog === 'report') {
        await report.trigger({ id: post.id, reason });
        toast({ title: t('forum.post.reported'), description: t('forum.post.reportedText'), variant: 'success' });
      }
      setDialog(null);
    } catch (error) {
      const title = t(dialog === 'delete' ? 'forum.post.deleteFailed' : dialog === 'review' ? 'forum.post.reviewFailed' : 'forum.post.reportFailed');
      toast({ title, description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
      setDialog(null);
    }
  };

  const pending = remove.isMutating || review.isMutating || report.isMutating;
  return (
    <li className={post.inReview ? 'forum-post forum-post--review' : 'forum-post'} id={`post-${post.id}`} aria-label={t('forum.post.by', { name })}>
      <Avatar name={post.username} src={post.userAvatar} />
      <div className="forum-post__main">
        <div className="forum-post__head">
          <span className="forum-post__author">{name}</span>
          <TimeAgo value={post.createdAt} />
          {post.edited ? (
            <span className="forum-post__edited" title={t('forum.post.editedAt', { date: localDate(new Date(post.updatedAt), EDITED_AT) })}>
              {t('forum.post.edited')}
            </span>
          ) : null}
          {post.inReview ? (
            <Badge tone="amber" icon={<ShieldAlert size={12} aria-hidden="true" />}>
              {own && !reader?.superadmin ? t('forum.badge.awaitingReview') : t('forum.badge.underReview')}
            </Badge>
          ) : null}
        </div>
        {editing ? <EditForm post={post} onDone={() => setEditing(false)} /> : <RichText className="forum-post__body" content={post.content} />}
        {!editing ? (
          <div className="forum-post__actions">
            <button
              type="button"
              className={post.liked ? 'forum-action forum-action--liked' : 'forum-action'}
              aria-pressed={reader && !own ? post.liked : undefined}
              aria-label={t(post.liked ? 'forum.post.unlike' : 'forum.post.like', { count: post.likes })}
              disabled={!reader || own || like.isMutating}
              title={!reader ? t('forum.post.signInToLike') : own ? t('forum.post.ownLike') : undefined}
              onClick={() => void toggleLike()}
            >
              <Heart size={15} aria-hidden="true" fill={post.liked ? 'currentColor' : 'none'} />
              <span>{post.likes}</span>
            </button>
            {reader && !locked ? (
              <button type="button" className="forum-action" onClick={() => onReply(post.username ?? '')}>
                <Reply size={15} aria-hidden="true" /> {t('forum.post.reply')}
              </button>
            ) : null}
            {canEdit ? (
              <button type="button" className="forum-action" onClick={() => setEditing(true)}>
                <Pencil size={15} aria-hidden="true" /> {t('forum.post.edit')}
              </button>
            ) : null}
            {reader && !reader.superadmin && !own ? (
              <button
                type="button"
                className="forum-action"
                disabled={post.reported}
                onClick={() => setDialog('report')}
                title={post.reported ? t('forum.post.youReported') : undefined}
              >
                <Flag size={15} aria-hidden="true" /> {post.reported ? t('forum.post.reportedBadge') : t('forum.post.report')}
              </button>
            ) : null}
            {reader?.superadmin ? (
              <span className="forum-post__mod">
                <button type="button" className="forum-action" onClick={() => setDialog('review')}>
                  {post.inReview ? <ShieldCheck size={15} aria-hidden="true" /> : <ShieldAlert size={15} aria-hidden="true" />}
                  {post.inReview ? t('forum.post.clear') : t('forum.post.review')}
                </button>
                <button type="button" className="forum-action forum-action--danger" onClick={() => setDialog('delete')}>
                  <Trash2 size={15} aria-hidden="true" /> {t('forum.post.delete')}
                </button>
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      <ReasonDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        pending={pending}
        destructive={dialog === 'delete'}
        title={t(
          dialog === 'delete'
            ? 'forum.post.deleteTitle'
            : dialog === 'report'
              ? 'forum.post.reportTitle'
              : post.inReview
                ? 'forum.post.clearTitle'
                : 'forum.post.reviewTitle',
        )}
        description={
          dialog === 'delete'
            ? t('forum.post.deleteText', { name })
            : t(dialog === 'report' ? 'forum.post.reportText' : post.inReview ? 'forum.post.clearText' : 'forum.post.reviewText')
        }
        confirmLabel={t(
          dialog === 'delete'
            ? 'forum.post.deleteTitle'
            : dialog === 'report'
              ? 'forum.post.sendReport'
              : post.inReview
                ? 'forum.post.clearTitle'
                : 'forum.post.placeInReview',
        )}
        reasonLabel={dialog === 'report' ? t('forum.reason.label') : undefined}
        reasonRequired={dialog === 'report'}
        requiredMessage={t('forum.reason.reportRequired')}
        onConfirm={(reason) => void onModerate(reason)}
      />
    </li>
  );
}
