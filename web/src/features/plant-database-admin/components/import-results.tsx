import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import type { ImportResults } from './use-import-runner';

const statusTones: Record<string, BadgeTone> = {
  added: 'green',
  updated: 'blue',
  unchanged: 'neutral',
  skipped: 'amber',
  failed: 'red',
};

const statusLabels: Record<string, MessageKey> = {
  added: 'plantdb.admin.status.added',
  updated: 'plantdb.admin.status.updated',
  unchanged: 'plantdb.admin.status.unchanged',
  skipped: 'plantdb.admin.status.skipped',
  failed: 'plantdb.admin.status.failed',
};

/** detailStatusLabel: Added, Updated, Unchanged, Skipped, Failed; anything else as is. */
export function detailStatusLabel(status: string): string {
  const key = statusLabels[status];
  return key ? translate(key) : status;
}

function Count({ label, value, tone, icon }: { label: string; value: number; tone: string; icon: ReactNode }) {
  return (
    <div className={`import-count import-count--${tone}`}>
      <dt>
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * ImportResultsPanel: the counts of a finished import (added, updated, failed; unchanged
 * and skipped smaller) and one line per plant with its status and message.
 */
export function ImportResultsPanel({ results }: { results: ImportResults }) {
  const { count, details } = results;
  const t = useT();
  return (
    <section className="import-results" aria-labelledby="import-results-title">
      <h3 id="import-results-title" className="import-results__title">
        {t('plantdb.admin.results.title')}
      </h3>
      <dl className="import-results__counts">
        <Count label={t('plantdb.admin.status.added')} value={count.added ?? 0} tone="green" icon={<CircleCheck size={16} />} />
        <Count label={t('plantdb.admin.status.updated')} value={count.updated ?? 0} tone="blue" icon={<RefreshCw size={16} />} />
        <Count label={t('plantdb.admin.status.failed')} value={count.failed ?? 0} tone="red" icon={<CircleX size={16} />} />
      </dl>
      <dl className="import-results__minor">
        <div>
          <dt>{t('plantdb.admin.status.unchanged')}</dt>
          <dd>{count.unchanged ?? 0}</dd>
        </div>
        <div>
          <dt>{t('plantdb.admin.status.skipped')}</dt>
          <dd>{count.skipped ?? 0}</dd>
        </div>
      </dl>
      {details.length > 0 ? (
        <ul className="import-details" aria-label={t('plantdb.admin.results.details')}>
          {details.map((detail, index) => (
            <li key={`${detail.name}-${index}`} className="import-detail">
              <span className="import-detail__name">{detail.name}</span>
              <Badge tone={statusTones[detail.status] ?? 'neutral'}>{detailStatusLabel(detail.status)}</Badge>
              {detail.message ? <span className="import-detail__message">{detail.message}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('plantdb.admin.results.none')}</p>
      )}
    </section>
  );
}
