import { apiJSON } from '@/api/client';
import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import { t, type MessageKey } from '@/lib/i18n/i18n';
import type { Answer, Question, QuestionDetail, TagCount } from './types';

/** The list's tabs: All Questions, Unanswered, Answered, My Questions (signed in). */
export type QuestionTab = 'all' | 'open' | 'answered' | 'mine';

/** questionsUrl builds GET /api/expert-qa with the filters (the URL is the SWR key). */
export function questionsUrl(search: string, tab: QuestionTab, tag: string): string {
  const q = new URLSearchParams();
  if (search.trim()) q.set('search', search.trim());
  if (tab === 'open') q.set('status', 'Open');
  if (tab === 'answered') q.set('status', 'Answered');
  if (tab === 'mine') q.set('mine', 'true');
  if (tag) q.set('tag', tag);
  const s = q.toString();
  return s ? `/api/expert-qa?${s}` : '/api/expert-qa';
}

export function useQuestions(search: string, tab: QuestionTab, tag: string) {
  return usePagedList<Question>(questionsUrl(search, tab, tag));
}

export function useQuestionTags() {
  return useApiQuery<TagCount[]>('/api/expert-qa/tags');
}

export function useQuestion(id: string | undefined) {
  return useApiQuery<QuestionDetail>(id ? `/api/expert-qa/${id}` : null);
}

/** useSimilarQuestions suggests questions like a title being typed (null: none asked). */
export function useSimilarQuestions(title: string) {
  const q = title.trim();
  return useApiQuery<Question[]>(q.length >= 4 ? `/api/expert-qa/similar?q=${encodeURIComponent(q)}` : null);
}

export function answerQuestion(id: number, content: string) {
  return apiJSON<Answer>('POST', `/api/expert-qa/${id}/answers`, { content });
}

export function acceptAnswer(id: number, answerId: number) {
  return apiJSON<Question>('POST', `/api/expert-qa/${id}/answers/${answerId}/accept`);
}

export const isExpertQAKey = (key: string) => key.startsWith('/api/expert-qa');

const statusLabels: Record<string, MessageKey> = { Open: 'qa.status.open', Answered: 'qa.status.answered' };

/** questionStatusLabel: a question's status (Open, Answered) in the shown language; another shows as is. */
export function questionStatusLabel(status: string): string {
  const key = statusLabels[status];
  return key ? t(key) : status;
}

