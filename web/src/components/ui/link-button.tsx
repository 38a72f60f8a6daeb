import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';

/** LinkButton: a router link that looks like a Button (icon, then label), e.g. "New Plan". */
export function LinkButton({
  to,
  variant = 'primary',
  size,
  icon,
  children,
}: {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass(variant, size)}>
      {icon}
      {children}
    </Link>
  );
}
