import { CalendarSync, Check, Copy, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { COPIED_FEEDBACK_MS, copyText } from '@/lib/clipboard';
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
    else toast({ title: 'Copy failed', description: 'Select the link and copy it by hand.', variant: 'destructive' });
  };

  const onReset = async () => {
    try {
      await reset.trigger();
      setConfirming(false);
      setCopied(false);
      toast({ title: 'Calendar link reset', description: 'The old link no longer works.', variant: 'success' });
    } catch {
      setConfirming(false);
      toast({ title: 'Error', description: 'Could not reset the calendar link. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Card aria-labelledby={`${id}-title`} className="feed-card">
      <CardHeader
        icon={<CalendarSync size={18} />}
        title={<span id={`${id}-title`}>Calendar subscription</span>}
        description="See your care tasks and next watering dates in Google Calendar, Apple Calendar or Outlook."
      />
      <CardBody>
        {feed.isLoading ? (
          <Skeleton height={46} />
        ) : feed.error ? (
          <p className="muted">The calendar link could not be loaded.</p>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={`${id}-url`}>
              Calendar feed URL
            </label>
            <div className="feed-card__row">
              <Input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="feed-card__url" />
              <Button
                variant={copied ? 'secondary' : 'outline'}
                icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
                onClick={() => void copy()}
                aria-live="polite"
              >
                {copied ? 'Link copied!' : 'Copy link'}
              </Button>
            </div>
            <p className="feed-card__hint">
              Keep this link private: anyone who has it can see your care schedule.{' '}
              <a href={webcalUrl(url)}>Open in your calendar app</a>
            </p>
            <div>
              <Button
                variant="ghost"
                size="sm"
                icon={<RotateCcw size={16} aria-hidden="true" />}
                onClick={() => setConfirming(true)}
              >
                Reset link
              </Button>
            </div>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset the calendar link?"
        description="The current link stops working at once. Calendars subscribed to it need the new link."
        confirmLabel="Reset Link"
        pending={reset.isMutating}
        onConfirm={() => void onReset()}
      />
    </Card>
  );
}
