import './progress.css';

/** ProgressBar: a labelled 0–100 bar (growth progress, plant limit, statistics). */
export function ProgressBar({
  value,
  label,
  tone = 'green',
  size = 'md',
}: {
  value: number;
  label: string;
  tone?: 'green' | 'amber' | 'red' | 'blue';
  size?: 'sm' | 'md';
}) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className={`progress progress--${tone} progress--${size}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
    >
      <div className="progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}
