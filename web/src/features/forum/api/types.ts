/** The forum's wire types (spec 02 §3; docs/api.md "Community forum"). */

export interface ForumCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  topicsCount: number;
  sortOrder: number;
  createdAt: string;
  /** The newest activity of its visible topics (the list fills it in); null without topics. */
  lastActivityAt?: string | null;
}

export type WatchLevel = 'watching' | 'normal' | 'muted';

export interface ForumTopic {
  id: number;
  title: string;
  /** Sanitized HTML; only on the topic itself, lists carry `excerpt`. */
  content?: string;
  excerpt: string;
  userId: number | null;
  username: string | null;
  createdAt: string;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  postCount: number;
  viewCount: number;
  isPinned: boolean;
  isLocked: boolean;
  pinned: boolean;
  locked: boolean;
  inReview: boolean;
  lastActivityAt: string;
  /** When the author last changed the title or first post (null until then). */
  editedAt?: string | null;
  edited?: boolean;
  /** The signed-in reader's level for this topic (topic detail only). */
  watchLevel?: WatchLevel;
}

export interface ForumPost {
  id: number;
  topicId: number;
  content: string;
  userId: number | null;
  username: string | null;
  userAvatar: string | null;
  createdAt: string;
  updatedAt: string;
  likes: number;
  liked: boolean;
  reported: boolean;
  inReview: boolean;
  edited: boolean;
}

export interface ForumReport {
  id: number;
  reason: string;
  reporter: string;
  createdAt: string;
}

export interface ReportedPost {
  post: ForumPost;
  topicId: number;
  topicTitle: string;
  reports: ForumReport[];
  lastReportedAt: string;
}

export interface ForumSearchHit {
  topicId: number;
  postId: number | null;
  title: string;
  /** Escaped text with <mark> around the matches, made by the server. */
  snippet: string;
  username: string | null;
  createdAt: string;
  categoryId: number;
  url: string;
}
