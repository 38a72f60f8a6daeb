import useSWRMutation from 'swr/mutation';
import { ApiError, apiJSON, apiRequest } from '@/api/client';
import { useRefresh } from '@/api/query';
import type { ForumTopic, WatchLevel } from './types';
import { forumKeys, forumReportKeys, forumUrls } from './urls';

interface ReviewArg {
  id: number;
  inReview: boolean;
  userId?: number;
  reason?: string;
}

/**
 * toggleTopicReview: POST /api/forum/direct/toggle-topic-review, and on failure (other than a
 * refusal of the caller) PATCH /api/forum/topics/{id}/review (spec 02 §7). The answer has inReview.
 */
export async function toggleTopicReview(arg: ReviewArg): Promise<{ inReview: boolean }> {
  try {
    return await apiJSON('POST', forumUrls.directTopicReview, { topicId: arg.id, inReview: arg.inReview, userId: arg.userId, reason: arg.reason });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 503)) throw error;
    return apiJSON('PATCH', forumUrls.topicReview(arg.id), { inReview: arg.inReview, reason: arg.reason });
  }
}

/** togglePostReview: the same pair of paths for a reply. */
export async function togglePostReview(arg: ReviewArg): Promise<{ inReview: boolean }> {
  try {
    return await apiJSON('POST', forumUrls.directPostReview, { postId: arg.id, inReview: arg.inReview, userId: arg.userId, reason: arg.reason });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 503)) throw error;
    return apiJSON('PATCH', forumUrls.postReview(arg.id), { inReview: arg.inReview, reason: arg.reason });
  }
}

function useForumWrite<A, R>(key: string, call: (arg: A) => Promise<R>, also: ((k: string) => boolean)[] = []) {
  const refresh = useRefresh();
  return useSWRMutation<R, Error, string, A>(key, (_url: string, { arg }: { arg: A }) => call(arg), {
    throwOnError: true,
    revalidate: false,
    onSuccess: () => void refresh(forumKeys, ...also),
  });
}

export function useTopicReview() {
  return useForumWrite<ReviewArg, { inReview: boolean }>('forum:topic-review', toggleTopicReview);
}

export function usePostReview() {
  return useForumWrite<ReviewArg, { inReview: boolean }>('forum:post-review', togglePostReview);
}

/** useTopicFlags: PATCH /api/forum/topics/{id} with pinned and/or locked (superadmins). */
export function useTopicFlags() {
  return useForumWrite<{ id: number; pinned?: boolean; locked?: boolean }, ForumTopic>('forum:topic-flags', ({ id, ...flags }) =>
    apiJSON<ForumTopic>('PATCH', forumUrls.topic(id), flags),
  );
}

const withReason = (url: string, reason?: string) => (reason?.trim() ? `${url}?reason=${encodeURIComponent(reason.trim())}` : url);

/** useDeleteTopic: DELETE /api/forum/topics/{id}, with the reason told to the author. */
export function useDeleteTopic() {
  return useForumWrite<{ id: number; reason?: string }, void>('forum:topic-delete', async ({ id, reason }) => {
    await apiRequest('DELETE', withReason(forumUrls.topic(id), reason));
  });
}

/** useDeletePost: DELETE /api/forum/posts/{id}, with the reason told to the author. */
export function useDeletePost() {
  return useForumWrite<{ id: number; reason?: string }, void>(
    'forum:post-delete',
    async ({ id, reason }) => {
      await apiRequest('DELETE', withReason(forumUrls.post(id), reason));
    },
    [forumReportKeys],
  );
}

/** useToggleLike: POST /api/forum/posts/{id}/like — {liked, likes}. */
export function useToggleLike() {
  return useForumWrite<number, { liked: boolean; likes: number }>('forum:like', (id) => apiJSON('POST', forumUrls.postLike(id)));
}

/** useReportPost: POST /api/forum/posts/{id}/report — once per user, with a reason. */
export function useReportPost() {
  return useForumWrite<{ id: number; reason: string }, unknown>('forum:report', ({ id, reason }) =>
    apiJSON('POST', forumUrls.postReport(id), { reason }),
  );
}

/** useClearReports: POST /api/forum/reports/{postId}/clear (superadmins). */
export function useClearReports() {
  return useForumWrite<number, unknown>('forum:clear-reports', (postId) => apiJSON('POST', forumUrls.clearReports(postId)));
}

/** useWatchTopic: PUT /api/forum/topics/{id}/watch with watching, normal or muted. */
export function useWatchTopic() {
  return useForumWrite<{ id: number; level: WatchLevel }, { level: WatchLevel }>('forum:watch', ({ id, level }) =>
    apiJSON('PUT', forumUrls.topicWatch(id), { level }),
  );
}
