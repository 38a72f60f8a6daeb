import { Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Button } from '@/components/ui/button';
import { Form, FormInput, FormSelect, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { topicSchema, useCreateTopic } from '../api/topics';
import type { ForumCategory } from '../api/types';
import { shownCategory } from '../lib/seeded-categories';

/**
 * TopicForm is the new topic page's form (spec 02 §2): category, title and content with the
 * spec's rules; Create Topic / Creating…; on success the new topic opens.
 */
export function TopicForm({ categories, categoryId }: { categories: ForumCategory[]; categoryId?: string }) {
  const preselected = categories.some((c) => String(c.id) === categoryId) ? categoryId! : '';
  const form = useZodForm(topicSchema, { defaultValues: { categoryId: preselected, title: '', content: '' } });
  const { trigger, isMutating } = useCreateTopic();
  const { toast } = useToast();
  const t = useT();
  const navigate = useNavigate();
  return (
    <Form
      form={form}
      className="forum-topic-form"
      onSubmit={async (topic) => {
        const created = await trigger(topic);
        toast({ title: t('forum.topicForm.created'), description: t('forum.topicForm.createdText'), variant: 'success' });
        void navigate(`/community/forum/topic/${created.id}`);
      }}
      onSubmitError={(error) =>
        toast({ title: t('forum.topicForm.failed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' })
      }
    >
      <FormSelect name="categoryId" label={t('forum.topicForm.category')}>
        <option value="">{t('forum.topicForm.selectCategory')}</option>
        {categories.map(shownCategory).map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </FormSelect>
      <FormInput name="title" label={t('forum.topicForm.title')} placeholder={t('forum.topicForm.titlePlaceholder')} maxLength={120} />
      <FormRichTextEditor
        name="content"
        label={t('forum.topicForm.content')}
        description={t('forum.topicForm.contentHint')}
        placeholder={t('forum.topicForm.contentPlaceholder')}
        minHeight={200}
      />
      <div className="forum-form-actions">
        <Button type="submit" loading={isMutating} icon={<Send size={16} aria-hidden="true" />}>
          {isMutating ? t('forum.creating') : t('forum.topicForm.create')}
        </Button>
      </div>
    </Form>
  );
}
