import { Send } from 'lucide-react';
import { useEffect, type RefObject } from 'react';
import { FormProvider } from 'react-hook-form';
import { getErrorMessage } from '@/api/client';
import { FormRichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { Button } from '@/components/ui/button';
import { applyServerErrors, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { replySchema, useCreateReply, type ReplyValues } from '../api/topics';

/**
 * ReplyForm: "Leave a Reply" with the rich-text editor and Post Reply / Posting… (spec 02 §2).
 * An empty reply is refused with the spec's Empty Reply message before anything is sent.
 */
export function ReplyForm({
  topicId,
  quote,
  onQuoted,
  anchorRef,
}: {
  topicId: number;
  /** Text to start the reply with (Reply on a post puts "@name " here). */
  quote?: string;
  onQuoted?: () => void;
  anchorRef?: RefObject<HTMLElement | null>;
}) {
  const form = useZodForm(replySchema, { defaultValues: { content: '' } });
  const { trigger, isMutating } = useCreateReply(topicId);
  const { toast } = useToast();
  const t = useT();

  useEffect(() => {
    if (!quote) return;
    const current = form.getValues('content');
    form.setValue('content', `${current && current !== '<p></p>' ? current : ''}<p>${quote}</p>`);
    onQuoted?.();
  }, [quote, form, onQuoted]);

  const submit = form.handleSubmit(
    async (values: ReplyValues) => {
      try {
        await trigger(values);
        form.reset({ content: '' });
        toast({ title: t('forum.reply.posted'), description: t('forum.reply.postedText'), variant: 'success' });
      } catch (error) {
        applyServerErrors(form, error);
        toast({ title: t('forum.reply.failed'), description: getErrorMessage(error, t('forum.tryLater')), variant: 'destructive' });
      }
    },
    (errors) => {
      if (errors.content?.message === 'forum.form.replyRequired') {
        toast({ title: t('forum.reply.empty'), description: t('forum.form.replyRequired'), variant: 'destructive' });
      }
    },
  );

  return (
    <section className="forum-reply-form" aria-labelledby="leave-a-reply" ref={anchorRef}>
      <h2 id="leave-a-reply" className="forum-section-title">
        {t('forum.reply.title')}
      </h2>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <FormRichTextEditor name="content" label={t('forum.reply.label')} placeholder={t('forum.reply.placeholder')} minHeight={120} />
          <div className="forum-form-actions">
            <Button type="submit" loading={isMutating} icon={<Send size={16} aria-hidden="true" />}>
              {isMutating ? t('forum.posting') : t('forum.reply.post')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
