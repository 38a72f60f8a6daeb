import type { ImportStatus } from '@/api/types';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

/**
 * ImportProgress: the bar shown while an import runs — done of total plants once the
 * store has been read, a moving bar before that.
 */
export function ImportProgress({ status }: { status: ImportStatus | undefined }) {
  const running = Boolean(status?.running);
  const total = running ? (status?.total ?? 0) : 0;
  const done = running ? Math.min(status?.done ?? 0, total) : 0;
  const known = total > 0;
  const text = known ? `Importing plants: ${done} of ${total}` : 'Reading the seed store…';
  return (
    <div className="import-progress">
      <p className="import-progress__label" aria-live="polite">
        <Spinner size={16} />
        <span>{text}</span>
        {known ? <span className="import-progress__percent">{Math.round((done / total) * 100)}%</span> : null}
      </p>
      <ProgressBar
        label="Import progress"
        value={known ? (done / total) * 100 : 0}
        indeterminate={!known}
        valueText={known ? `${done} of ${total} plants` : undefined}
      />
    </div>
  );
}
