import type { ChannelReport, TestNotificationResult } from '@/api/types';

function describe(name: string, report: ChannelReport | undefined, unit?: (n: number) => string): string {
  if (!report) return `${name}: unknown`;
  if (report.status === 'sent') {
    const what = unit && report.sent ? `sent to ${unit(report.sent)}` : 'sent';
    return report.reason ? `${name}: ${what} (${report.reason})` : `${name}: ${what}`;
  }
  const word = report.status === 'skipped' ? 'skipped' : report.status === 'failed' ? 'failed' : report.status;
  return report.reason ? `${name}: ${word} (${report.reason})` : `${name}: ${word}`;
}

const devices = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

/**
 * channelSummary: what a test notification did, channel by channel — "In app: sent · Push:
 * sent to 2 devices · E-mail: skipped (e-mail is off) · ntfy: skipped (no topic)".
 */
export function channelSummary(result: TestNotificationResult): string {
  const c = result.channels;
  return [
    describe('In app', c?.inApp),
    describe('Push', c?.push, devices),
    describe('E-mail', c?.email),
    describe('ntfy', c?.ntfy),
  ].join(' · ');
}
