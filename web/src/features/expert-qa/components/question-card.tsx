import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { timeAgo } from '@/lib/time-ago';
import { useT } from '@/lib/i18n/provider';
import { questionStatusLabel } from '../api/questions';
import type { Question } from '../api/types';

/** QuestionCard: one question of the Expert Q&A list (spec 02 §2). */
export function QuestionCard({ question, onTag }: { question: Question; onTag?: (tag: string) => void }) {
  const t = useT();
  const answers = t('qa.card.answers', { count: question.answerCount });
  return (
    <article className="question-card" aria-labelledby={`question-${question.id}`}>
      <div className="question-card__head">
        <h2 className="question-card__title" id={`question-${question.id}`}>
          <Link to={`/community/expert-qa/${question.id}`}>{question.title}</Link>
        </h2>
        <Badge tone={question.status === 'Answered' ? 'green' : 'amber'}>{questionStatusLabel(question.status)}</Badge>
      </div>
      {question.tags.length > 0 ? (
        <ul className="tag-list" aria-label={t('qa.tags')}>
          {question.tags.map((t) => (
            <li key={t}>
              {onTag ? (
                <button type="button" className="tag" onClick={() => onTag(t)}>
                  #{t}
                </button>
              ) : (
                <span className="tag">#{t}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted-clamp">{question.excerpt}</p>
      <div className="question-card__footer">
        <span className="question-card__meta">
          {question.username || t('qa.anonymous')} · {timeAgo(question.createdAt)} ·{' '}
          <MessageCircle size={14} aria-hidden="true" /> {answers}
        </span>
        <Link to={`/community/expert-qa/${question.id}`} className={buttonClass('outline', 'sm')} aria-label={t('qa.card.viewLabel', { title: question.title })}>
          {t('qa.card.view')}
        </Link>
      </div>
    </article>
  );
}
