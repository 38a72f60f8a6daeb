import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import './alert.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'destructive';

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  destructive: CircleExclamationPoint,
} as const;

/** Alert is an inline message box; destructive and warning alerts are announced (role=alert). */
export function Alert({
  title,
  children,
  variant = 'info',
  className,
}: {
  title: string;
  children?: ReactNode;
  variant?: AlertVariant;
  className?: string;
}) {
  const Icon = icons[variant];
  const urgent = variant === 'destructive' || variant === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={['alert', `alert--${variant}`, className].filter(Boolean).join(' ')}
    >
      <Icon className="alert__icon" size={20} aria-hidden="true" />
      <div className="alert__body">
        <p className="alert__title">{title}</p>
        {children ? <div className="alert__description">{children}</div> : null}
      </div>
    </div>
  );
}
