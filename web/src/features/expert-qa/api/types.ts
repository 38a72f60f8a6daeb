/** An expert question (spec 02 §3; docs/api.md "Expert Q&A"). */
export interface Question {
  id: number;
  userId: number;
  title: string;
  /** Sanitized HTML (or plain text). */
  content: string;
  /** The content's text, for the card. */
  excerpt: string;
  tags: string[];
  imageUrl?: string;
  status: 'Open' | 'Answered';
  answerCount: number;
  acceptedAnswerId?: number | null;
  username?: string | null;
  userAvatar?: string | null;
  createdAt: string;
  isMine: boolean;
  /** When the asker last changed the question (null until then). */
  editedAt?: string | null;
  edited?: boolean;
  /** The caller may edit it: the asker, before any answer. */
  canEdit?: boolean;
}

/** An answer; isExpert carries the Expert badge. */
export interface Answer {
  id: number;
  questionId: number;
  userId: number;
  content: string;
  isExpert: boolean;
  isAccepted: boolean;
  username: string;
  userAvatar?: string | null;
  createdAt: string;
}

/** GET /api/expert-qa/{id}: the question with its first answers. */
export interface QuestionDetail extends Question {
  answers: Answer[];
  answersNextCursor?: string;
  canAccept: boolean;
}

export interface TagCount {
  tag: string;
  count: number;
}
