import { Send } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Form, FormTextarea, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { messageSchema, sendListingMessage, type MessageInput } from '../api/listing-messages';

/**
 * MessageForm writes one message about a listing: to the owner, or, from the owner, to
 * recipientId. Success toasts "Message Sent"; failure "Failed to send message" with the
 * server's reason.
 */
export function MessageForm({
  listingId,
  recipientId,
  label,
  submitLabel,
  onSent,
}: {
  listingId: number;
  recipientId?: number;
  label: string;
  submitLabel?: string;
  onSent: () => void;
}) {
  const form = useZodForm(messageSchema, { defaultValues: { message: '' } satisfies MessageInput });
  const { toast } = useToast();
  const pending = form.formState.isSubmitting;
  const t = useT();
  return (
    <Form
      form={form}
      className="message-form"
      onSubmit={async ({ message }) => {
        await sendListingMessage(listingId, message, recipientId);
        form.reset({ message: '' });
        toast({ title: t('sharing.message.sent'), variant: 'success' });
        onSent();
      }}
      onSubmitError={(error) =>
        toast({ title: t('sharing.message.failed'), description: getErrorMessage(error, t('sharing.tryAgain')), variant: 'destructive' })
      }
    >
      <FormTextarea name="message" label={label} rows={3} placeholder={t('sharing.message.placeholder')} />
      <div className="message-form__actions">
        <Button type="submit" icon={<Send size={16} aria-hidden="true" />} loading={pending}>
          {pending ? t('sharing.message.sending') : (submitLabel ?? t('sharing.message.send'))}
        </Button>
      </div>
    </Form>
  );
}
