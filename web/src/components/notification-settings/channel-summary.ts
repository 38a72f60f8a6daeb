import type { ChannelReport, TestNotificationResult } from '@/api/types';
import { t } from '@/lib/i18n/i18n';

/** One channel's outcome, "Push: sent to 2 devices", in the shown language; the server's reason as it is. */
function describe(name: string, report: ChannelReport | undefined, counted = false): string {
  let what: string;
  if (!report) what = t('settings.summary.unknown');
  else if (report.status === 'sent') what = counted && report.sent ? t('settings.summary.sentTo', { count: report.sent }) : t('settings.summary.sent');
  else if (report.status === 'skipped') what = t('settings.summary.skipped');
  else if (report.status === 'failed') what = t('settings.summary.failed');
  else what = report.status;
  return report?.reason ? t('settings.summary.channelWhy', { name, what, reason: report.reason }) : t('settings.summary.channel', { name, what });
}

/**
 * channelSummary: what a test notification did, channel by channel — "In app: sent · Push:
 * sent to 2 devices · E-mail: skipped (e-mail is off) · ntfy: skipped (no topic)".
 */
export function channelSummary(result: TestNotificationResult): string {
  const c = result.channels;
  return [
    describe(t('settings.summary.inApp'), c?.inApp),
    describe(t('settings.summary.push'), c?.push, true),
    describe(t('settings.summary.email'), c?.email),
    describe('ntfy', c?.ntfy),
  ].join(' · ');
}
