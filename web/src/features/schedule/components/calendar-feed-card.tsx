import { CalendarSync, Check, Copy, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { COPIED_FEEDBACK_MS, copyText } from '@/lib/clipboard';
import { useT } from '@/lib/i18n/provider';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useResetCalendarFeed } from '../api/reset-calendar-feed';

/** webcalUrl: the same feed with the webcal: scheme, which calendar apps open to subscribe. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/**
 * CalendarFeedCard: the secret iCal feed URL with a copy button ("Link copied!" for 2 s)
 * and a reset that makes the old URL stop working.
 */
export function CalendarFeedCard() {
  const id = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const { toast } = useToast();
  const t = useT();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const url = feed.data?.url ?? '';

  const copy = async () => {
    if (!url) return;
    if (await copyText(url)) setCopied(true);
    else toast({ title: t('schedule.feed.copyFailed'), description: t('schedule.feed.copyByHand'), variant: 'destructive' });
  };

  const onReset = async () => {
    try {
      await reset.trigger();
      setConfirming(false);
      setCopied(false);
      toast({ title: t('schedule.feed.resetDone'), description: t('schedule.feed.resetDoneText'), variant: 'success' });
    } catch {
      setConfirming(false);
      toast({ title: t('common.error'), description: t('schedule.feed.resetFailed'), variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby={`${id}-title`} className="feed-card">
      <CardHeader
        icon={<CalendarSync size={18} />}
        title={<span id={`${id}-title`}>{t('schedule.feed.title')}</span>}
        description={t('schedule.feed.description')}
      />
      <CardBody>
        {feed.isLoading ? (
          <Skeleton height={46} />
        ) : feed.error ? (
          <p className="muted">{t('schedule.feed.loadFailed')}</p>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`${id}-url`}>
              {t('schedule.feed.url')}
            </label>
            <div className="feed-card__row">
              <Input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="feed-card__url" />
              <Button
                variant={copied ? 'secondary' : 'outline'}
                icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
                onClick={() => void copy()}
                aria-live="polite"
              >
                {copied ? t('schedule.feed.copied') : t('schedule.feed.copy')}
              </Button>
            </div>
            <p className="feed-card__hint">
              {t('schedule.feed.private')}{' '}
              <a href={webcalUrl(url)}>{t('schedule.feed.open')}</a>
            </p>
            <div>
              <Button
                variant="ghost"
                size="sm"
                icon={<RotateCcw size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                {t('schedule.feed.reset')}
              </Button>
            </div>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('schedule.feed.resetTitle')}
        description={t('schedule.feed.resetText')}
        confirmLabel={t('schedule.feed.resetConfirm')}
        pending={reset.isMutating}
        onConfirm={() => void onReset()}
      />
    </Card>
  );
}
