import type { ImportStatus } from '@/api/types';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/provider';

/**
 * ImportProgress: the bar shown while an import runs — done of total plants once the
 * store has been read, a moving bar before that.
 */
export function ImportProgress({ status }: { status: ImportStatus | undefined }) {
  const t = useT();
  const running = Boolean(status?.running);
  const total = running ? (status?.total ?? 0) : 0;
  const done = running ? Math.min(status?.done ?? 0, total) : 0;
  const known = total > 0;
  const text = known ? t('plantdb.admin.progress.text', { done, total }) : t('plantdb.admin.remote.reading');
  return (
    <div className="import-progress">
      <p className="import-progress__label" aria-live="polite">
        <Spinner size={16} />
        <span>{text}</span>
        {known ? <span className="import-progress__percent">{Math.round((done / total) * 100)}%</span> : null}
      </p>
      <ProgressBar
        label={t('plantdb.admin.progress.label')}
        value={known ? (done / total) * 100 : 0}
        indeterminate={!known}
        valueText={known ? t('plantdb.admin.progress.value', { done, total }) : undefined}
      />
    </div>
  );
}
