import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import type { ForumCategory, ForumPost, ForumSearchHit, ForumTopic, ReportedPost } from './types';
import { forumUrls } from './urls';
import type { MessageKey } from '@/lib/i18n/i18n';

/** Failure sentences of the forum pages (spec 02 §2), as catalogue keys. */
export const LOAD_ERRORS = {
  categories: 'forum.error.categories',
  topics: 'forum.error.topics',
  popular: 'forum.error.popular',
  category: 'forum.error.category',
  topic: 'forum.error.topic',
  replies: 'forum.error.replies',
  newTopicCategories: 'forum.error.newTopicCategories',
  adminCategories: 'forum.error.adminCategories',
} as const satisfies Record<string, MessageKey>;

/** useForumCategories: GET /api/forum/categories, page by page, in sort order (visitors too). */
export function useForumCategories(enabled = true) {
  return usePagedList<ForumCategory>(enabled ? forumUrls.categories : null);
}

/** useForumCategoryOptions: the first 200 categories, for the new-topic select. */
export function useForumCategoryOptions() {
  return useApiQuery<ForumCategory[]>(`${forumUrls.categories}?limit=200`);
}

/** useLatestTopics / usePopularTopics: the Latest and Popular tabs (null: not opened yet). */
export function useLatestTopics(enabled: boolean) {
  return usePagedList<ForumTopic>(enabled ? forumUrls.latest : null);
}

export function usePopularTopics(enabled: boolean) {
  return usePagedList<ForumTopic>(enabled ? forumUrls.popular : null);
}

/** useForumCategory: GET /api/forum/categories/by-slug/{slug}. */
export function useForumCategory(slug: string | undefined) {
  return useApiQuery<ForumCategory>(slug ? forumUrls.categoryBySlug(slug) : null);
}

/** useCategoryTopics: pinned first, then latest activity (the server's order). */
export function useCategoryTopics(slug: string | undefined) {
  return usePagedList<ForumTopic>(slug ? forumUrls.categoryTopics(slug) : null);
}

/** useForumTopic: GET /api/forum/topics/{id} (counts the view once per reader). */
export function useForumTopic(id: string | undefined) {
  return useApiQuery<ForumTopic>(id ? forumUrls.topic(id) : null);
}

/** useTopicPosts: the replies, oldest first. */
export function useTopicPosts(id: string | undefined, enabled = true) {
  return usePagedList<ForumPost>(id && enabled ? forumUrls.topicPosts(id) : null);
}

/** useForumSearch: GET /api/forum/search?q= (null: no search). */
export function useForumSearch(q: string) {
  const term = q.trim();
  return usePagedList<ForumSearchHit>(term ? forumUrls.search(term) : null);
}

/** useReportQueue: posts with open reports (superadmins). */
export function useReportQueue(enabled: boolean) {
  return usePagedList<ReportedPost>(enabled ? forumUrls.reports : null);
}
