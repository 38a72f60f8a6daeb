import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader } from './card';
import { SearchField } from './search-field';
import './search-card.css';

/**
 * SearchCard: the card of a searchable list page — a header (icon, title, count and
 * actions), the search box in a role="search" toolbar, then the list (children).
 */
export function SearchCard({
  id,
  icon,
  title,
  description,
  actions,
  search,
  children,
}: {
  /** The title's id, which names the card. */
  id: string;
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  search: { label: string; placeholder?: string; value: string; onChange: (value: string) => void };
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader icon={icon} title={<span id={id}>{title}</span>} description={description} actions={actions} />
      <CardBody>
        <div className="search-card__toolbar" role="search">
          <SearchField {...search} />
        </div>
        {children}
      </CardBody>
    </Card>
  );
}
