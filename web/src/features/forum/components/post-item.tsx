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
import { parseDate } from '@/lib/dates';
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

function EditForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const form = useZodForm(replySchema, { defaultValues: { content: post.content } });
  const { trigger, isMutating } = useEditPost();
  const { toast } = useToast();
  const submit = form.handleSubmit(async ({ content }) => {
    try {
      await trigger({ id: post.id, content });
      toast({ title: 'Reply Updated', variant: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ title: 'Failed to Update Reply', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="forum-post__edit">
        <FormRichTextEditor name="content" label="Edit your reply" minHeight={100} />
        <div className="forum-form-actions">
          <Button variant="outline" onClick={onDone} disabled={isMutating}>
            Cancel
          </Button>
          <Button type="submit" loading={isMutating}>
            {isMutating ? 'Saving...' : 'Save'}
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
  const own = reader !== null && post.userId === reader.id;
  const created = parseDate(post.createdAt);
  const canEdit = own && created !== null && Date.now() - created.getTime() <= EDIT_WINDOW_MS;
  const name = authorName(post.username);

  const toggleLike = async () => {
    try {
      await like.trigger(post.id);
    } catch (error) {
      toast({ title: 'Failed to Like Post', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  };

  const onModerate = async (reason: string) => {
    try {
      if (dialog === 'delete') {
        await remove.trigger({ id: post.id, reason });
        toast({ title: 'Post Deleted', description: 'The reply was deleted.', variant: 'success' });
      } else if (dialog === 'review') {
        const next = await review.trigger({ id: post.id, inReview: !post.inReview, userId: reader?.id, reason });
        toast({
          title: next?.inReview ? 'Post Under Review' : 'Review Cleared',
          description: next?.inReview ? 'Only its author and superadmins can see it now.' : 'The reply is visible to everyone again.',
          variant: 'success',
        });
      } else if (dialog === 'report') {
        await report.trigger({ id: post.id, reason });
        toast({ title: 'Report Sent', description: 'Thank you. A moderator will look at this reply.', variant: 'success' });
      }
      setDialog(null);
    } catch (error) {
      const title = dialog === 'delete' ? 'Failed to Delete Post' : dialog === 'review' ? 'Failed to Update Review Status' : 'Failed to Report Post';
      toast({ title, description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
      setDialog(null);
    }
  };

  const pending = remove.isMutating || review.isMutating || report.isMutating;
  return (
    <li className={post.inReview ? 'forum-post forum-post--review' : 'forum-post'} id={`post-${post.id}`} aria-label={`Reply by ${name}`}>
      <Avatar name={post.username} src={post.userAvatar} />
      <div className="forum-post__main">
        <div className="forum-post__head">
          <span className="forum-post__author">{name}</span>
          <TimeAgo value={post.createdAt} />
          {post.edited ? (
            <span className="forum-post__edited" title={`Edited ${new Date(post.updatedAt).toLocaleString()}`}>
              (edited)
            </span>
          ) : null}
          {post.inReview ? (
            <Badge tone="amber" icon={<ShieldAlert size={12} aria-hidden="true" />}>
              {own && !reader?.superadmin ? 'Awaiting review' : 'Under Review'}
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
              aria-label={`${post.liked ? 'Unlike' : 'Like'} (${post.likes} ${post.likes === 1 ? 'like' : 'likes'})`}
              disabled={!reader || own || like.isMutating}
              title={!reader ? 'Sign in to like replies' : own ? 'You cannot like your own reply' : undefined}
              onClick={() => void toggleLike()}
            >
              <Heart size={15} aria-hidden="true" fill={post.liked ? 'currentColor' : 'none'} />
              <span>{post.likes}</span>
            </button>
            {reader && !locked ? (
              <button type="button" className="forum-action" onClick={() => onReply(post.username ?? '')}>
                <Reply size={15} aria-hidden="true" /> Reply
              </button>
            ) : null}
            {canEdit ? (
              <button type="button" className="forum-action" onClick={() => setEditing(true)}>
                <Pencil size={15} aria-hidden="true" /> Edit
              </button>
            ) : null}
            {reader && !reader.superadmin && !own ? (
              <button
                type="button"
                className="forum-action"
                disabled={post.reported}
                onClick={() => setDialog('report')}
                title={post.reported ? 'You reported this reply' : undefined}
              >
                <Flag size={15} aria-hidden="true" /> {post.reported ? 'Reported' : 'Report'}
              </button>
            ) : null}
            {reader?.superadmin ? (
              <span className="forum-post__mod">
                <button type="button" className="forum-action" onClick={() => setDialog('review')}>
                  {post.inReview ? <ShieldCheck size={15} aria-hidden="true" /> : <ShieldAlert size={15} aria-hidden="true" />}
                  {post.inReview ? 'Clear' : 'Review'}
                </button>
                <button type="button" className="forum-action forum-action--danger" onClick={() => setDialog('delete')}>
                  <Trash2 size={15} aria-hidden="true" /> Delete
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
        title={
          dialog === 'delete' ? 'Delete Reply' : dialog === 'report' ? 'Report Reply' : post.inReview ? 'Clear Review' : 'Place Reply in Review'
        }
        description={
          dialog === 'delete'
            ? `Are you sure you want to delete this reply by ${name}? This cannot be undone.`
            : dialog === 'report'
              ? 'Tell the moderators what is wrong with this reply. Each reply can be reported once.'
              : post.inReview
                ? 'The reply will be visible to everyone again.'
                : 'The reply will be hidden from everyone but its author and superadmins until the review is cleared.'
        }
        confirmLabel={dialog === 'delete' ? 'Delete Reply' : dialog === 'report' ? 'Send Report' : post.inReview ? 'Clear Review' : 'Place in Review'}
        reasonLabel={dialog === 'report' ? 'Reason' : undefined}
        reasonRequired={dialog === 'report'}
        requiredMessage="Please give a reason for your report"
        onConfirm={(reason) => void onModerate(reason)}
      />
    </li>
  );
}
