import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { useRefresh } from '@/api/query';
import { ImageField } from '@/components/image-field/image-field';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { Form, FormInput, FormTextarea, useZodForm, type ZodForm } from '@/components/ui/form';
import { FormActions } from '@/components/ui/form-actions';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, SignInRequired } from '@/components/ui/sign-in-required';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { createQuestion, questionSchema, type QuestionInput } from '../api/create-question';
import { usePlantContext } from '../api/plant-context';
import { isExpertQAKey, questionStatusLabel, useSimilarQuestions } from '../api/questions';
import '../expert-qa.css';

/** SimilarQuestions lists questions like the title being typed, so duplicates are avoided. */
function SimilarQuestions({ form }: { form: ZodForm<typeof questionSchema> }) {
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const typed = useDebounced(title, 400);
  const similar = useSimilarQuestions(typed);
  const t = useT();
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <div className="similar" role="region" aria-label={t('qa.similar.label')}>
      <p className="similar__title">{t('qa.similar.title')}</p>
      <ul>
        {similar.data.map((q) => (
          <li key={q.id}>
            <Link to={`/community/expert-qa/${q.id}`} target="_blank" rel="noopener">
              {q.title}
            </Link>{' '}
            <Badge tone={q.status === 'Answered' ? 'green' : 'amber'}>{questionStatusLabel(q.status)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** NewQuestionForm asks a question; initial fills it ("Ask about this plant"). */
export function NewQuestionForm({ initial }: { initial: Partial<QuestionInput> }) {
  const form = useZodForm(questionSchema, { defaultValues: { title: '', content: '', tags: '', imageUrl: '', ...initial } });
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' }) ?? '';
  const [uploading, setUploading] = useState(false);
  const { toast } = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const pending = form.formState.isSubmitting;
  const t = useT();
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const q = await createQuestion(values);
        toast({ title: t('qa.new.posted'), variant: 'success' });
        await refresh(isExpertQAKey);
        navigate(`/community/expert-qa/${q.id}`);
      }}
      onSubmitError={(error) =>
        toast({ title: t('qa.new.failed'), description: getErrorMessage(error, t('qa.tryAgain')), variant: 'destructive' })
      }
    >
      <Card aria-label={t('qa.new.yourQuestion')}>
        <CardBody className="question-form__fields">
          <FormInput name="title" label={t('qa.form.title')} placeholder={t('qa.new.titlePlaceholder')} autoComplete="off" />
          <SimilarQuestions form={form} />
          <FormTextarea
            name="content"
            label={t('qa.form.details')}
            rows={8}
            description={t('qa.new.detailsHint')}
          />
          <FormInput name="tags" label={t('qa.tags')} placeholder={t('qa.new.tagsPlaceholder')} description={t('qa.new.tagsHint')} />
          <ImageField
            label={t('qa.new.photo')}
            emptyText={t('qa.new.photoEmpty')}
            value={imageUrl}
            onChange={(url) => form.setValue('imageUrl', url)}
            onBusyChange={setUploading}
          />
          <FormActions cancelTo="/community/expert-qa" label={t('qa.new.post')} pendingLabel={t('qa.posting')} pending={pending} disabled={uploading} />
        </CardBody>
      </Card>
    </Form>
  );
}

/** NewQuestionPage (/community/expert-qa/new); ?plantId= asks about one of the user's plants. */
export function NewQuestionPage() {
  const t = useT();
  useDocumentTitle(t('qa.ask'));
  const { status } = useSession();
  const [params] = useSearchParams();
  const plantId = Number(params.get('plantId')) || undefined;
  const plant = usePlantContext(status === 'signed-in' ? plantId : undefined);
  const back = <BackLink to="/community/expert-qa">{t('qa.back')}</BackLink>;
  if (status !== 'signed-in') {
    return (
      <div className="question-form-page">
        {back}
        <SignInRequired title={t('qa.ask')} message={t('qa.new.signIn')} />
      </div>
    );
  }
  if (plantId && plant.isLoading) return <div className="question-form-page">{back}</div>;
  const c = plant.context;
  const initial: Partial<QuestionInput> = c
    ? { title: t('qa.new.aboutPlant', { name: c.plant.name }), content: `${c.text}\n\n`, imageUrl: c.imageUrl, tags: (c.plant.plantType ?? '').toLowerCase() }
    : {};
  return (
    <div className="question-form-page">
      {back}
      <PageHeader title={t('qa.ask')} description={t('qa.new.description')} />
      <NewQuestionForm initial={initial} />
    </div>
  );
}
