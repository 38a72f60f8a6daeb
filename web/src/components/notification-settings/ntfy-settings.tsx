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
import { translateMessage } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';

export { NTFY_MESSAGES };

/** validateNtfy: the first message ntfySchema gives each field, if any, in the shown language. */
export function validateNtfy(server: string, topic: string): { ntfyServer?: string; ntfyTopic?: string } {
  const parsed = ntfySchema.safeParse({ ntfyServer: server, ntfyTopic: topic });
  const errors: { ntfyServer?: string; ntfyTopic?: string } = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0] as 'ntfyServer' | 'ntfyTopic';
    errors[name] ??= translateMessage(issue.message);
  }
  return errors;
}

/** A topic as an example, the same in every language. */
const TOPIC_EXAMPLE = 'my-garden-a8f3';

function NtfyForm({ channels }: { channels: NotificationChannels }) {
  const form = useZodForm(ntfySchema, { defaultValues: { ntfyServer: channels.ntfyServer ?? '', ntfyTopic: channels.ntfyTopic ?? '' } });
  const { trigger, isMutating } = useUpdateNotificationChannels();
  const { toast } = useToast();
  const t = useT();
  const fallback = channels.ntfyDefaultServer || 'https://ntfy.sh';

  const submit = async (values: NotificationChannelsInput) => {
    const saved = await trigger(values);
    toast({
      title: t('settings.saved'),
      description: saved?.ntfyEnabled ? t('settings.ntfy.savedOn') : t('settings.ntfy.savedOff'),
      variant: 'success',
    });
  };

  const failed = (error: unknown) =>
    toast({
      title: t('settings.saveFailed'),
      description: getErrorMessage(error, t('settings.saveFailedText')),
      variant: 'destructive',
    });

  return (
    <Form form={form} className="channels__ntfy" onSubmit={submit} onSubmitError={failed} aria-label={t('settings.ntfy.form')}>
      <div className="channels__ntfy-fields">
        <FormInput
          name="ntfyServer"
          label={t('settings.ntfy.server')}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={fallback}
          description={t('settings.ntfy.serverText', { server: fallback })}
        />
        <FormInput
          name="ntfyTopic"
          label={t('settings.ntfy.topic')}
          autoComplete="off"
          spellCheck={false}
          placeholder={TOPIC_EXAMPLE}
          maxLength={64}
          description={t('settings.ntfy.topicText')}
        />
      </div>
      <div>
        <Button type="submit" variant="outline" loading={isMutating} icon={<Save size={16} aria-hidden="true" />}>
          {t('settings.ntfy.save')}
        </Button>
      </div>
    </Form>
  );
}

/** NtfySettings: the caller's ntfy server and topic (GET/PUT /api/notifications/channels). */
export function NtfySettings() {
  const channels = useNotificationChannels();
  const t = useT();
  if (channels.isLoading) {
    return (
      <LoadingRegion label={t('settings.ntfy.loading')} className="channels__skeleton">
        <Skeleton height={64} />
      </LoadingRegion>
    );
  }
  if (channels.error || !channels.data) {
    return (
      <p className="channels__muted">
        {t('settings.ntfy.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={() => void channels.mutate()}>
          {t('common.tryAgain')}
        </button>
      </p>
    );
  }
  return (
    <>
      <p className="channels__status">
        {channels.data.ntfyEnabled ? <Badge tone="green">{t('settings.on')}</Badge> : <Badge tone="neutral">{t('settings.off')}</Badge>}
        <span className="channels__muted">
          {channels.data.ntfyEnabled
            ? t('settings.ntfy.on', { topic: channels.data.ntfyTopic ?? '' })
            : t('settings.ntfy.off')}
        </span>
      </p>
      <NtfyForm key={`${channels.data.ntfyServer}|${channels.data.ntfyTopic}`} channels={channels.data} />
    </>
  );
}
