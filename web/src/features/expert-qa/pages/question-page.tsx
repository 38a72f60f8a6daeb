import { ArrowLeft, Award, CheckCircle2, HelpCircle, LogIn, MessageCircle, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { useRefresh } from '@/api/query';
import { fetchListPage, withCursor } from '@/api/use-paged-list';
import { RichText } from '@/components/rich-text/rich-text';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { timeAgo } from '@/lib/time-ago';
import { localDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { answerSchema, editQuestion, questionEditSchema } from '../api/create-question';
import { acceptAnswer, answerQuestion, isExpertQAKey, questionStatusLabel, useQuestion } from '../api/questions';
import type { Answer, QuestionDetail } from '../api/types';
import '../expert-qa.css';

/** The moment of an edit, as toLocaleString writes it ("11/27/2026, 9:05:00 PM"). */
const EDITED_AT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' };

function BackLink() {
  const t = useT();
  return (
    <Link to="/community/expert-qa" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      {t('qa.back')}
    </Link>
  );
}

function AnswerForm({ questionId, onDone }: { questionId: number; onDone: () => void }) {
  const form = useZodForm(answerSchema, { defaultValues: { content: '' } });
  const { toast } = useToast();
  const t = useT();
  const pending = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="answer-form"
      onSubmit={async ({ content }) => {
        await answerQuestion(questionId, content);
        form.reset({ content: '' });
        toast({ title: t('qa.answer.posted'), variant: 'success' });
        onDone();
      }}
      onSubmitError={(error) =>
        toast({ title: t('qa.answer.failed'), description: getErrorMessage(error, t('qa.tryAgain')), variant: 'destructive' })
      }
    >
      <FormRichTextEditor name="content" label={t('qa.answer.label')} placeholder={t('qa.answer.placeholder')} minHeight={120} />
      <div className="form-actions">
        <Button type="submit" loading={pending}>
          {pending ? t('qa.posting') : t('qa.answer.post')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * EditQuestionForm: the asker corrects the question before anyone answers it — title, details in
 * the shared rich-text editor, tags — with the new-question form's rules.
 */
function EditQuestionForm({ q, onDone }: { q: QuestionDetail; onDone: (saved: boolean) => void }) {
  const form = useZodForm(questionEditSchema, { defaultValues: { title: q.title, content: q.content, tags: q.tags.join(', ') } });
  const { toast } = useToast();
  const t = useT();
  const pending = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="question-edit"
      aria-label={t('qa.edit.label')}
      onSubmit={async (change) => {
        await editQuestion(q.id, change);
        toast({ title: t('qa.edit.updated'), variant: 'success' });
        onDone(true);
      }}
      onSubmitError={(error) =>
        toast({ title: t('qa.edit.failed'), description: getErrorMessage(error, t('qa.tryAgain')), variant: 'destructive' })
      }
    >
      <FormInput name="title" label={t('qa.form.title')} maxLength={160} />
      <FormRichTextEditor name="content" label={t('qa.form.details')} minHeight={140} />
      <FormInput name="tags" label={t('qa.tags')} description={t('qa.edit.tagsHint')} />
      <div className="form-actions">
        <Button variant="outline" onClick={() => onDone(false)} disabled={pending}>
          {t('qa.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {pending ? t('qa.saving') : t('qa.edit.save')}
        </Button>
      </div>
    </Form>
  );
}

function AnswerItem({ q, a, onAccept, accepting }: { q: QuestionDetail; a: Answer; onAccept: () => void; accepting: boolean }) {
  const t = useT();
  return (
    <li className={a.isAccepted ? 'answer answer--accepted' : 'answer'} aria-label={t('qa.answer.by', { name: a.username })}>
      <div className="answer__head">
        <span className="answer__author">{a.username}</span>
        {a.isExpert ? (
          <Badge tone="blue" icon={<Award size={12} aria-hidden="true" />}>
            {t('qa.expert')}
          </Badge>
        ) : null}
        {a.isAccepted ? (
          <Badge tone="green" icon={<CheckCircle2 size={12} aria-hidden="true" />}>
            {t('qa.answer.accepted')}
          </Badge>
        ) : null}
        <span className="answer__time">{timeAgo(a.createdAt)}</span>
        {q.canAccept && !a.isAccepted ? (
          <Button className="answer__accept" variant="outline" size="sm" loading={accepting} onClick={onAccept}>
            {t('qa.answer.accept')}
          </Button>
        ) : null}
      </div>
      <RichText content={a.content} />
    </li>
  );
}

/** QuestionPage (/community/expert-qa/{id}): the question, its answers (experts first), accept, answer. */
export function QuestionPage() {
  const { id } = useParams();
  const question = useQuestion(id);
  const { status } = useSession();
  const location = useLocation();
  const { toast } = useToast();
  const refresh = useRefresh();
  const t = useT();
  const [accepting, setAccepting] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  // Answers past the first page, read on demand from GET /api/expert-qa/{id}/answers.
  const [more, setMore] = useState<{ items: Answer[]; next: string | null; loading: boolean }>({ items: [], next: null, loading: false });
  useEffect(() => setMore({ items: [], next: question.data?.answersNextCursor ?? null, loading: false }), [question.data]);
  useDocumentTitle(question.data?.title ?? t('nav.expertQa'));

  if (question.isLoading) {
    return (
      <div className="question-page">
        <BackLink />
        <LoadingRegion label={t('qa.question.loading')} className="question-body">
          <Skeleton width="70%" height={28} />
          <Skeleton width="40%" height={16} />
          <Skeleton height={100} />
        </LoadingRegion>
      </div>
    );
  }
  if (question.error || !question.data) {
    return (
      <div className="question-page">
        <BackLink />
        <EmptyState icon={<HelpCircle size={26} />} title={t('qa.question.unavailable')}>
          {t('qa.question.unavailableText')}
        </EmptyState>
      </div>
    );
  }
  const q = question.data;
  const reload = () => void refresh(isExpertQAKey);
  const accept = async (answerId: number) => {
    setAccepting(answerId);
    try {
      await acceptAnswer(q.id, answerId);
      toast({ title: t('qa.answer.acceptedToast'), variant: 'success' });
      reload();
    } catch (error) {
      toast({ title: t('qa.answer.acceptFailed'), description: getErrorMessage(error, t('qa.tryAgain')), variant: 'destructive' });
    } finally {
      setAccepting(null);
    }
  };
  return (
    <div className="question-page">
      <BackLink />
      <article className="question-body" aria-labelledby="question-title">
        <h1 className="question-body__title" id="question-title">
          {q.title}
        </h1>
        <div className="question-body__meta">
          <Badge tone={q.status === 'Answered' ? 'green' : 'amber'}>{questionStatusLabel(q.status)}</Badge>
          <span>{t('qa.question.askedBy', { name: q.username || t('qa.anonymous'), time: timeAgo(q.createdAt) })}</span>
          {q.edited && q.editedAt ? <span title={t('qa.question.editedAt', { date: localDate(new Date(q.editedAt), EDITED_AT) })}>{t('qa.question.edited')}</span> : null}
          {q.canEdit && !editing ? (
            <Button
              variant="ghost"
              size="sm"
              className="question-body__edit"
              icon={<Pencil size={15} aria-hidden="true" />}
              aria-label={t('qa.question.edit')}
              onClick={() => setEditing(true)}
            >
              {t('qa.edit')}
            </Button>
          ) : null}
        </div>
        {editing ? (
          <EditQuestionForm
            q={q}
            onDone={(saved) => {
              setEditing(false);
              if (saved) reload();
            }}
          />
        ) : null}
        {!editing && q.tags.length > 0 ? (
          <ul className="tag-list" aria-label={t('qa.tags')}>
            {q.tags.map((tag) => (
              <li key={tag}>
                <Link className="tag" to={`/community/expert-qa?tag=${encodeURIComponent(tag)}`}>
                  #{tag}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {!editing ? <RichText content={q.content} /> : null}
        {q.imageUrl ? <img className="question-body__image" src={q.imageUrl} alt={t('qa.question.photo', { title: q.title })} /> : null}
      </article>

      <Card aria-label={t('qa.answers')}>
        <CardHeader icon={<MessageCircle size={18} />} title={t('qa.answers.count', { count: q.answerCount })} />
        <CardBody>
          {q.answers.length === 0 ? (
            <EmptyState compact title={t('qa.answers.none')}>
              {t('qa.answers.noneText')}
            </EmptyState>
          ) : (
            <ul className="answer-list">
              {[...q.answers, ...more.items].map((a) => (
                <AnswerItem key={a.id} q={q} a={a} accepting={accepting === a.id} onAccept={() => void accept(a.id)} />
              ))}
            </ul>
          )}
          {more.next ? (
            <div className="form-actions">
              <Button
                variant="outline"
                loading={more.loading}
                onClick={async () => {
                  setMore((m) => ({ ...m, loading: true }));
                  try {
                    const page = await fetchListPage<Answer>(withCursor(`/api/expert-qa/${q.id}/answers`, more.next!));
                    setMore((m) => ({ items: [...m.items, ...page.items], next: page.next, loading: false }));
                  } catch (error) {
                    setMore((m) => ({ ...m, loading: false }));
                    toast({ title: t('qa.answers.loadFailed'), description: getErrorMessage(error, t('qa.tryAgain')), variant: 'destructive' });
                  }
                }}
              >
                {t('qa.answers.more')}
              </Button>
            </div>
          ) : null}
        </CardBody>
      </Card>

      {status === 'signed-in' ? (
        <Card aria-label={t('qa.answer.this')}>
          <CardHeader title={t('qa.answer.title')} />
          <CardBody>
            <AnswerForm questionId={q.id} onDone={reload} />
          </CardBody>
        </Card>
      ) : (
        <Alert variant="info" title={t('qa.answer.signIn')}>
          <Link to={`/auth?redirect=${encodeURIComponent(location.pathname)}`} className={buttonClass('outline', 'sm')}>
            <LogIn size={16} aria-hidden="true" /> {t('auth.signIn')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
