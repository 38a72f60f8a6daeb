import './progress.css';

/**
 * ProgressBar: a labelled 0–100 bar (growth progress, plant limit, statistics, an import).
 * `indeterminate` shows a moving bar without a value, while the total is not known yet.
 */
export function ProgressBar({
  value,
  label,
  tone = 'green',
  size = 'md',
  indeterminate = false,
  valueText,
}: {
  value: number;
  label: string;
  tone?: 'green' | 'amber' | 'red' | 'blue';
  size?: 'sm' | 'md';
  indeterminate?: boolean;
  /** Read out instead of the percentage ("12 of 37 plants"). */
  valueText?: string;
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={`progress progress--${tone} progress--${size}${indeterminate ? ' progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : Math.round(clamped)}
      aria-valuetext={indeterminate ? undefined : valueText}
    >
      <div className="progress__bar" style={indeterminate ? undefined : { width: `${clamped}%` }} />
    </div>
  );
}
