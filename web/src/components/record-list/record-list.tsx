import type { ReactNode } from 'react';
import './record-list.css';

/**
 * RecordList: rows of records (users, sites, functions) that read well at any width: the
 * leading mark, a title with badges, details underneath, and actions that move under the
 * text on phones. A list, not a table, so nothing scrolls sideways at 375 px.
 */
export function RecordList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="record-list" aria-label={label}>
      {children}
    </ul>
  );
}

export function RecordRow({
  title,
  leading,
  icon,
  iconClassName,
  badges,
  children,
  actions,
  label,
  muted = false,
}: {
  title: ReactNode;
  leading?: ReactNode;
  /** An icon on a soft tile as the leading mark (instead of leading); iconClassName tints it. */
  icon?: ReactNode;
  iconClassName?: string;
  badges?: ReactNode;
  /** Details under the title. */
  children?: ReactNode;
  actions?: ReactNode;
  /** Names the row (an article) for assistive technology and tests. */
  label: string;
  /** Dims the row (an inactive record). */
  muted?: boolean;
}) {
  return (
    <li className={muted ? 'record-row record-row--muted' : 'record-row'}>
      <article className="record-row__inner" aria-label={label}>
        {icon ? (
          <div className="record-row__leading">
            <span className={['icon-tile', iconClassName].filter(Boolean).join(' ')} aria-hidden="true">
              {icon}
            </span>
          </div>
        ) : leading ? (
          <div className="record-row__leading">{leading}</div>
        ) : null}
        <div className="record-row__main">
          <div className="record-row__title-line">
            <h2 className="record-row__title">{title}</h2>
            {badges ? <div className="record-row__badges">{badges}</div> : null}
          </div>
          {children ? <div className="record-row__details">{children}</div> : null}
        </div>
        {actions ? <div className="record-row__actions">{actions}</div> : null}
      </article>
    </li>
  );
}

/** RecordMeta: small "label value" facts in a row's details. */
export function RecordMeta({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="record-meta">
      {items.map((item) => (
        <div key={item.label} className="record-meta__item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
