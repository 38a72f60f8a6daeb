import type { KeyMatcher } from '@/api/query';

/** The forum's API URLs (spec 02 §7 and docs/api.md "Community forum"), which are also its cache keys. */
export const forumUrls = {
  categories: '/api/forum/categories',
  category: (id: number) => `/api/forum/categories/${id}`,
  categoryMove: (id: number) => `/api/forum/categories/${id}/move`,
  categoryBySlug: (slug: string) => `/api/forum/categories/by-slug/${encodeURIComponent(slug)}`,
  categoryTopics: (slug: string) => `/api/forum/categories/${encodeURIComponent(slug)}/topics`,
  latest: '/api/forum/topics/latest',
  popular: '/api/forum/topics/popular',
  topics: '/api/forum/topics',
  topic: (id: number | string) => `/api/forum/topics/${id}`,
  topicPosts: (id: number | string) => `/api/forum/topics/${id}/posts`,
  topicReview: (id: number) => `/api/forum/topics/${id}/review`,
  topicWatch: (id: number) => `/api/forum/topics/${id}/watch`,
  directTopicReview: '/api/forum/direct/toggle-topic-review',
  post: (id: number) => `/api/forum/posts/${id}`,
  postReview: (id: number) => `/api/forum/posts/${id}/review`,
  postLike: (id: number) => `/api/forum/posts/${id}/like`,
  postReport: (id: number) => `/api/forum/posts/${id}/report`,
  directPostReview: '/api/forum/direct/toggle-post-review',
  reports: '/api/forum/reports',
  clearReports: (postId: number) => `/api/forum/reports/${postId}/clear`,
  search: (q: string) => `/api/forum/search?q=${encodeURIComponent(q)}`,
};

/** Every forum list and record: what a write in the forum may change. */
export const forumKeys: KeyMatcher = (key) => key.startsWith('/api/forum/');

/** The category lists (home, admin page, new-topic select). */
export const forumCategoryKeys: KeyMatcher = (key) => key.startsWith('/api/forum/categories');

/** The review queue. */
export const forumReportKeys: KeyMatcher = (key) => key.startsWith('/api/forum/reports');
