import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={['card', className].filter(Boolean).join(' ')} {...rest} />;
}

export function CardHeader({
  title,
  description,
  icon,
  actions,
  titleAs: Title = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  titleAs?: 'h2' | 'h3';
}) {
  return (
    <header className="card__header">
      {icon ? <span className="card__icon" aria-hidden="true">{icon}</span> : null}
      <div className="card__heading">
        <Title className="card__title">{title}</Title>
        {description ? <p className="card__description">{description}</p> : null}
      </div>
      {actions ? <div className="card__actions">{actions}</div> : null}
    </header>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['card__body', className].filter(Boolean).join(' ')} {...rest} />;
}
