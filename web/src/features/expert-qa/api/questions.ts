import { apiJSON } from '@/api/client';
import { useApiQuery } from '@/api/query';
import { usePagedList } from '@/api/use-paged-list';
import { parseDate } from '@/lib/dates';
import { t, type MessageKey } from '@/lib/i18n/i18n';
import { currentLocale } from '@/lib/i18n/locale';
import { timeAgo } from '@/lib/time-ago';
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

/** The units of a relative time in another language than English, largest first. */
const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * localTimeAgo: lib/time-ago's timeAgo in the shown language. English keeps its wording
 * ("3 days ago", "just now"); another language says it with Intl ("vor 3 Tagen", "hier").
 */
export function localTimeAgo(value: string | null | undefined, now: Date = new Date()): string {
  const locale = currentLocale();
  if (locale === 'en') return timeAgo(value, now);
  const date = parseDate(value);
  if (!date) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of AGO_UNITS) if (Math.abs(seconds) >= size) return words.format(-Math.trunc(seconds / size), unit);
  return words.format(0, 'second');
}
