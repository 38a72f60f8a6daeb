import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'green' | 'blue' | 'amber' | 'red' | 'purple';

/** Badge: a small rounded label (plant type, status, growth stage). */
export function Badge({ tone = 'neutral', children, icon }: { tone?: BadgeTone; children: ReactNode; icon?: ReactNode }) {
  return (
    <span className={`badge badge--${tone}`}>
      {icon}
      {children}
    </span>
  );
}
