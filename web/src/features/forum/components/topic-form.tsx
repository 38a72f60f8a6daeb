import { Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Button } from '@/components/ui/button';
import { Form, FormInput, FormSelect, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { topicSchema, useCreateTopic } from '../api/topics';
import type { ForumCategory } from '../api/types';

/**
 * TopicForm is the new topic page's form (spec 02 §2): category, title and content with the
 * spec's rules; Create Topic / Creating…; on success the new topic opens.
 */
export function TopicForm({ categories, categoryId }: { categories: ForumCategory[]; categoryId?: string }) {
  const preselected = categories.some((c) => String(c.id) === categoryId) ? categoryId! : '';
  const form = useZodForm(topicSchema, { defaultValues: { categoryId: preselected, title: '', content: '' } });
  const { trigger, isMutating } = useCreateTopic();
  const { toast } = useToast();
  const navigate = useNavigate();
  return (
    <Form
      form={form}
      className="forum-topic-form"
      onSubmit={async (topic) => {
        const created = await trigger(topic);
        toast({ title: 'Topic Created', description: 'Your topic has been posted.', variant: 'success' });
        void navigate(`/community/forum/topic/${created.id}`);
      }}
      onSubmitError={(error) =>
        toast({ title: 'Failed to Create Topic', description: getErrorMessage(error, 'Please try again later.'), variant: 'destructive' })
      }
    >
      <FormSelect name="categoryId" label="Category">
        <option value="">Select a category</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </FormSelect>
      <FormInput name="title" label="Title" placeholder="What would you like to discuss?" maxLength={120} />
      <FormRichTextEditor
        name="content"
        label="Content"
        description="At least 20 characters. Bold, italic, lists, links and quotes are kept."
        placeholder="Give some detail: what you grow, where, and what you have tried."
        minHeight={200}
      />
      <div className="forum-form-actions">
        <Button type="submit" loading={isMutating} icon={<Send size={16} aria-hidden="true" />}>
          {isMutating ? 'Creating...' : 'Create Topic'}
        </Button>
      </div>
    </Form>
  );
}
