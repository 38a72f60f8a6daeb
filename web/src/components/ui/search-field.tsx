import { Search } from 'lucide-react';
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
