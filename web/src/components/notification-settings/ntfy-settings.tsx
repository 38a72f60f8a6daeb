import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError, getErrorMessage, getFieldErrors } from '@/api/client';
import { useNotificationChannels } from '@/api/notifications/get-channels';
import { useUpdateNotificationChannels } from '@/api/notifications/update-channels';
import type { NotificationChannels } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { isHttpUrl } from '@/lib/urls';

export const NTFY_MESSAGES = {
  url: 'Please enter a valid URL',
  topic: 'Topic may use only letters, digits, - and _ (at most 64 characters)',
} as const;

const TOPIC = /^[A-Za-z0-9_-]{1,64}$/;

/** validateNtfy: the server's rules (an http(s) URL or empty; a topic of letters, digits, - and _, or empty). */
export function validateNtfy(server: string, topic: string): { ntfyServer?: string; ntfyTopic?: string } {
  const errors: { ntfyServer?: string; ntfyTopic?: string } = {};
  if (server.trim() && !isHttpUrl(server.trim())) errors.ntfyServer = NTFY_MESSAGES.url;
  if (topic.trim() && !TOPIC.test(topic.trim())) errors.ntfyTopic = NTFY_MESSAGES.topic;
  return errors;
}

function NtfyForm({ channels }: { channels: NotificationChannels }) {
  const [server, setServer] = useState(channels.ntfyServer ?? '');
  const [topic, setTopic] = useState(channels.ntfyTopic ?? '');
  const [errors, setErrors] = useState<{ ntfyServer?: string; ntfyTopic?: string }>({});
  const { trigger, isMutating } = useUpdateNotificationChannels();
  const { toast } = useToast();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNtfy(server, topic);
    setErrors(found);
    if (found.ntfyServer || found.ntfyTopic) return;
    try {
      const saved = await trigger({ ntfyServer: server.trim(), ntfyTopic: topic.trim() });
      setServer(saved?.ntfyServer ?? server.trim());
      setTopic(saved?.ntfyTopic ?? topic.trim());
      toast({
        title: 'Settings saved',
        description: saved?.ntfyEnabled ? 'Notifications also go to your ntfy topic.' : 'ntfy is off.',
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = getFieldErrors(error);
        setErrors({ ntfyServer: fields.ntfyServer, ntfyTopic: fields.ntfyTopic });
      }
      toast({
        title: 'Error saving settings',
        description: getErrorMessage(error, 'There was a problem saving settings. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form className="channels__ntfy" onSubmit={(event) => void submit(event)} noValidate aria-label="ntfy settings">
      <div className="channels__ntfy-fields">
        <Field
          label="ntfy server"
          name="ntfyServer"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={channels.ntfyDefaultServer || 'https://ntfy.sh'}
          value={server}
          error={errors.ntfyServer}
          hint={`Empty: ${channels.ntfyDefaultServer || 'https://ntfy.sh'}`}
          onChange={(event) => {
            setServer(event.target.value);
            if (errors.ntfyServer) setErrors((e) => ({ ...e, ntfyServer: undefined }));
          }}
        />
        <Field
          label="ntfy topic"
          name="ntfyTopic"
          autoComplete="off"
          spellCheck={false}
          placeholder="my-garden-a8f3"
          maxLength={64}
          value={topic}
          error={errors.ntfyTopic}
          hint="Subscribe to it in the ntfy app. Empty turns ntfy off."
          onChange={(event) => {
            setTopic(event.target.value);
            if (errors.ntfyTopic) setErrors((e) => ({ ...e, ntfyTopic: undefined }));
          }}
        />
      </div>
      <div>
        <Button type="submit" variant="outline" loading={isMutating} icon={<Save size={16} aria-hidden="true" />}>
          Save ntfy settings
        </Button>
      </div>
    </form>
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
