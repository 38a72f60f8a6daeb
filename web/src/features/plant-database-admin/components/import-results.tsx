import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ImportResults } from './use-import-runner';

const statusTones: Record<string, BadgeTone> = {
  added: 'green',
  updated: 'blue',
  unchanged: 'neutral',
  skipped: 'amber',
  failed: 'red',
};

const statusLabels: Record<string, string> = {
  added: 'Added',
  updated: 'Updated',
  unchanged: 'Unchanged',
  skipped: 'Skipped',
  failed: 'Failed',
};

/** detailStatusLabel: Added, Updated, Unchanged, Skipped, Failed; anything else as is. */
export function detailStatusLabel(status: string): string {
  return statusLabels[status] ?? status;
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
  return (
    <section className="import-results" aria-labelledby="import-results-title">
      <h3 id="import-results-title" className="import-results__title">
        Import Results
      </h3>
      <dl className="import-results__counts">
        <Count label="Added" value={count.added ?? 0} tone="green" icon={<CircleCheck size={16} />} />
        <Count label="Updated" value={count.updated ?? 0} tone="blue" icon={<RefreshCw size={16} />} />
        <Count label="Failed" value={count.failed ?? 0} tone="red" icon={<CircleX size={16} />} />
      </dl>
      <dl className="import-results__minor">
        <div>
          <dt>Unchanged</dt>
          <dd>{count.unchanged ?? 0}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{count.skipped ?? 0}</dd>
        </div>
      </dl>
      {details.length > 0 ? (
        <ul className="import-details" aria-label="Import details">
          {details.map((detail, index) => (
            <li key={`${detail.name}-${index}`} className="import-detail">
              <span className="import-detail__name">{detail.name}</span>
              <Badge tone={statusTones[detail.status] ?? 'neutral'}>{detailStatusLabel(detail.status)}</Badge>
              {detail.message ? <span className="import-detail__message">{detail.message}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">The store had no plants to import.</p>
      )}
    </section>
  );
}
