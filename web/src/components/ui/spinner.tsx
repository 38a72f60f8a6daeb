import './spinner.css';

/** Spinner is a decorative loading circle; pair it with visible or screen-reader text. */
export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={['spinner', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle className="spinner__track" cx="12" cy="12" r="9.5" fill="none" strokeWidth="3" />
      <path className="spinner__arc" d="M12 2.5a9.5 9.5 0 0 1 9.5 9.5" fill="none" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** FullScreenSpinner covers the page while something essential loads (session restore). */
export function FullScreenSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="fullscreen-spinner" role="status" aria-live="polite">
      <Spinner size={40} />
      <span className="fullscreen-spinner__label">{label}</span>
    </div>
  );
}
