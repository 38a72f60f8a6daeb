import { Save } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { useNotificationChannels } from '@/api/notifications/get-channels';
import { NTFY_MESSAGES, ntfySchema, useUpdateNotificationChannels } from '@/api/notifications/update-channels';
import type { NotificationChannels, NotificationChannelsInput } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form, FormInput, useZodForm } from '@/components/ui/form';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';

export { NTFY_MESSAGES };

/** validateNtfy: the first message ntfySchema gives each field, if any. */
export function validateNtfy(server: string, topic: string): { ntfyServer?: string; ntfyTopic?: string } {
  const parsed = ntfySchema.safeParse({ ntfyServer: server, ntfyTopic: topic });
  const errors: { ntfyServer?: string; ntfyTopic?: string } = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0] as 'ntfyServer' | 'ntfyTopic';
    errors[name] ??= issue.message;
  }
  return errors;
}

function NtfyForm({ channels }: { channels: NotificationChannels }) {
  const form = useZodForm(ntfySchema, { defaultValues: { ntfyServer: channels.ntfyServer ?? '', ntfyTopic: channels.ntfyTopic ?? '' } });
  const { trigger, isMutating } = useUpdateNotificationChannels();
  const { toast } = useToast();
  const fallback = channels.ntfyDefaultServer || 'https://ntfy.sh';

  const submit = async (values: NotificationChannelsInput) => {
    const saved = await trigger(values);
    toast({
      title: 'Settings saved',
      description: saved?.ntfyEnabled ? 'Notifications also go to your ntfy topic.' : 'ntfy is off.',
      variant: 'success',
    });
  };

  const failed = (error: unknown) =>
    toast({
      title: 'Error saving settings',
      description: getErrorMessage(error, 'There was a problem saving settings. Please try again.'),
      variant: 'destructive',
    });

  return (
    <Form form={form} className="channels__ntfy" onSubmit={submit} onSubmitError={failed} aria-label="ntfy settings">
      <div className="channels__ntfy-fields">
        <FormInput
          name="ntfyServer"
          label="ntfy server"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={fallback}
          description={`Empty: ${fallback}`}
        />
        <FormInput
          name="ntfyTopic"
          label="ntfy topic"
          autoComplete="off"
          spellCheck={false}
          placeholder="my-garden-a8f3"
          maxLength={64}
          description="Subscribe to it in the ntfy app. Empty turns ntfy off."
        />
      </div>
      <div>
        <Button type="submit" variant="outline" loading={isMutating} icon={<Save size={16} aria-hidden="true" />}>
          Save ntfy settings
        </Button>
      </div>
    </Form>
  );
}

/** NtfySettings: the caller's ntfy server and topic (GET/PUT /api/notifications/channels). */
export function NtfySettings() {
  const channels = useNotificationChannels();
  if (channels.isLoading) {
    return (
      <LoadingRegion label="Loading ntfy settings…" className="channels__skeleton">
        <Skeleton height={64} />
      </LoadingRegion>
    );
  }
  if (channels.error || !channels.data) {
    return (
      <p className="channels__muted">
        Could not load the ntfy settings.{' '}
        <button type="button" className="link-button" onClick={() => void channels.mutate()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <>
      <p className="channels__status">
        {channels.data.ntfyEnabled ? <Badge tone="green">On</Badge> : <Badge tone="neutral">Off</Badge>}
        <span className="channels__muted">
          {channels.data.ntfyEnabled
            ? `Notifications go to the topic ${channels.data.ntfyTopic}.`
            : 'Set a topic to receive notifications in the ntfy app.'}
        </span>
      </p>
      <NtfyForm key={`${channels.data.ntfyServer}|${channels.data.ntfyTopic}`} channels={channels.data} />
    </>
  );
}
