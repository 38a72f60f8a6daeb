import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiJSON } from '@/api/client';
import { useRefresh } from '@/api/query';
import { stripMarkup } from '@/lib/text';
import type { ForumPost, ForumTopic } from './types';
import { forumKeys, forumUrls } from './urls';

/** Visible characters of written HTML, as the server counts them. */
export function textLength(html: string): number {
  return Array.from(stripMarkup(html)).length;
}

/** The new topic form (spec 02 §5), with the spec's messages; the server applies the same rules. */
export const topicSchema = z
  .object({
    categoryId: z.string().min(1, 'forum.form.categoryRequired'),
    title: z
      .string()
      .trim()
      .min(5, 'forum.form.titleMin5')
      .max(100, 'forum.form.titleMax100'),
    content: z
      .string()
      .refine((html) => textLength(html) >= 20, 'forum.form.contentMin20')
      .refine((html) => textLength(html) <= 5000, 'forum.form.contentMax5000'),
  })
  .transform((v) => ({ title: v.title, content: v.content, categoryId: Number(v.categoryId) }));

export type TopicFormValues = z.input<typeof topicSchema>;
export type NewTopic = z.output<typeof topicSchema>;

/** useCreateTopic: POST /api/forum/topics — 201 the topic with id · 400 the form's messages · 429 too fast. */
export function useCreateTopic() {
  const refresh = useRefresh();
  return useSWRMutation<ForumTopic, Error, string, NewTopic>(
    forumUrls.topics,
    (url: string, { arg }: { arg: NewTopic }) => apiJSON<ForumTopic>('POST', url, arg),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(forumKeys) },
  );
}

/** The reply form (spec 02 §5): trimmed content non-empty. */
export const replySchema = z.object({
  content: z
    .string()
    .refine((html) => textLength(html) > 0, 'forum.form.replyRequired')
    .refine((html) => textLength(html) <= 5000, 'forum.form.contentMax5000'),
});
export type ReplyValues = z.input<typeof replySchema>;

/** useCreateReply: POST /api/forum/topics/{id}/posts — 201 the reply · 409 locked · 429 too fast. */
export function useCreateReply(topicId: number) {
  const refresh = useRefresh();
  return useSWRMutation<ForumPost, Error, string, ReplyValues>(
    forumUrls.topicPosts(topicId),
    (url: string, { arg }: { arg: ReplyValues }) => apiJSON<ForumPost>('POST', url, arg),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(forumKeys) },
  );
}

/** useEditPost: PATCH /api/forum/posts/{id} — the author, within 24 hours. */
export function useEditPost() {
  const refresh = useRefresh();
  return useSWRMutation<ForumPost, Error, string, { id: number; content: string }>(
    '/api/forum/posts',
    (_url: string, { arg }: { arg: { id: number; content: string } }) => apiJSON<ForumPost>('PATCH', forumUrls.post(arg.id), { content: arg.content }),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(forumKeys) },
  );
}

/** The author's edit of a topic: the new topic form's title and content rules. */
export const topicEditSchema = z.object({
  title: z.string().trim().min(5, 'forum.form.titleMin5').max(100, 'forum.form.titleMax100'),
  content: z
    .string()
    .refine((html) => textLength(html) >= 20, 'forum.form.contentMin20')
    .refine((html) => textLength(html) <= 5000, 'forum.form.contentMax5000'),
});
export type TopicEditValues = z.input<typeof topicEditSchema>;

/** useEditTopic: PATCH /api/forum/topics/{id} with title and content — the author, within 24 hours. */
export function useEditTopic() {
  const refresh = useRefresh();
  return useSWRMutation<ForumTopic, Error, string, TopicEditValues & { id: number }>(
    '/api/forum/topics',
    (_url: string, { arg: { id, ...change } }: { arg: TopicEditValues & { id: number } }) =>
      apiJSON<ForumTopic>('PATCH', forumUrls.topic(id), change),
    { throwOnError: true, revalidate: false, onSuccess: () => void refresh(forumKeys) },
  );
}

/** The edit window of a reply or a topic (docs/decisions.md "Community forum"). */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
