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
import { useSession } from '@/lib/session';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';
import { createQuestion, questionSchema, type QuestionInput } from '../api/create-question';
import { usePlantContext } from '../api/plant-context';
import { isExpertQAKey, useSimilarQuestions } from '../api/questions';
import '../expert-qa.css';

/** SimilarQuestions lists questions like the title being typed, so duplicates are avoided. */
function SimilarQuestions({ form }: { form: ZodForm<typeof questionSchema> }) {
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const typed = useDebounced(title, 400);
  const similar = useSimilarQuestions(typed);
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <div className="similar" role="region" aria-label="Similar questions">
      <p className="similar__title">Similar questions already asked</p>
      <ul>
        {similar.data.map((q) => (
          <li key={q.id}>
            <Link to={`/community/expert-qa/${q.id}`} target="_blank" rel="noopener">
              {q.title}
            </Link>{' '}
            <Badge tone={q.status === 'Answered' ? 'green' : 'amber'}>{q.status}</Badge>
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
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        const q = await createQuestion(values);
        toast({ title: 'Question posted', variant: 'success' });
        await refresh(isExpertQAKey);
        navigate(`/community/expert-qa/${q.id}`);
      }}
      onSubmitError={(error) =>
        toast({ title: 'Failed to post question', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' })
      }
    >
      <Card aria-label="Your question">
        <CardBody className="question-form__fields">
          <FormInput name="title" label="Title" placeholder="e.g. Why are my basil leaves turning yellow?" autoComplete="off" />
          <SimilarQuestions form={form} />
          <FormTextarea
            name="content"
            label="Details"
            rows={8}
            description="What you see, since when, and what you have tried (at least 20 characters)."
          />
          <FormInput name="tags" label="Tags" placeholder="basil, yellow leaves" description="Up to 5, separated by commas." />
          <ImageField
            label="Photo (optional)"
            emptyText="Add a photo of the problem"
            value={imageUrl}
            onChange={(url) => form.setValue('imageUrl', url)}
            onBusyChange={setUploading}
          />
          <FormActions cancelTo="/community/expert-qa" label="Post Question" pendingLabel="Posting..." pending={pending} disabled={uploading} />
        </CardBody>
      </Card>
    </Form>
  );
}

/** NewQuestionPage (/community/expert-qa/new); ?plantId= asks about one of the user's plants. */
export function NewQuestionPage() {
  useDocumentTitle('Ask a Question');
  const { status } = useSession();
  const [params] = useSearchParams();
  const plantId = Number(params.get('plantId')) || undefined;
  const plant = usePlantContext(status === 'signed-in' ? plantId : undefined);
  const back = <BackLink to="/community/expert-qa">Back to Expert Q&A</BackLink>;
  if (status !== 'signed-in') {
    return (
      <div className="question-form-page">
        {back}
        <SignInRequired title="Ask a Question" message="You must be logged in to ask a question" />
      </div>
    );
  }
  if (plantId && plant.isLoading) return <div className="question-form-page">{back}</div>;
  const c = plant.context;
  const initial: Partial<QuestionInput> = c
    ? { title: `Question about my ${c.plant.name}`, content: `${c.text}\n\n`, imageUrl: c.imageUrl, tags: (c.plant.plantType ?? '').toLowerCase() }
    : {};
  return (
    <div className="question-form-page">
      {back}
      <PageHeader title="Ask a Question" description="Describe the problem: experts and fellow gardeners will answer." />
      <NewQuestionForm initial={initial} />
    </div>
  );
}
