import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Field } from './input';

/** SearchField: the labelled search box of a list page, with the magnifier icon; onChange gets the text. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      type="search"
      placeholder={placeholder}
      icon={<Search size={18} />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** SearchToolbar: a list page's role="search" bar with its SearchField, then any filters (children). */
export function SearchToolbar({
  className,
  children,
  ...field
}: {
  className: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className={className} role="search">
      <SearchField {...field} />
      {children}
    </div>
  );
}
