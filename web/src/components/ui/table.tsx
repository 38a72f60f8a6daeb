import type { CSSProperties, ReactNode, TableHTMLAttributes } from 'react';
import './table.css';

/**
 * Table: a data table inside a box that scrolls sideways on its own, so a wide table
 * never widens the page. With maxHeight the box scrolls down too and the header row stays.
 */
export function Table({
  children,
  maxHeight,
  label,
  className,
  ...rest
}: TableHTMLAttributes<HTMLTableElement> & {
  children: ReactNode;
  maxHeight?: CSSProperties['maxHeight'];
  /** Names the scrolling box for keyboard users (it can take focus when it scrolls). */
  label?: string;
}) {
  const scrolls = maxHeight !== undefined;
  return (
    <div
      className={scrolls ? 'table-wrap table-wrap--scroll' : 'table-wrap'}
      style={scrolls ? { maxHeight } : undefined}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls && label ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
    >
      <table className={['table', className].filter(Boolean).join(' ')} {...rest}>
        {children}
      </table>
    </div>
  );
}
