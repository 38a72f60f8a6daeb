import { useT } from '@/lib/i18n/provider';
import { NOT_SPECIFIED } from './categories';
import './requirement-value.css';

/** RequirementValue: the `dd` of a light, water or fertilizer requirement, "Not specified" when unset. */
export function RequirementValue({ value }: { value: string | null | undefined }) {
  const t = useT();
  return <dd className={value ? 'db-value' : 'db-value db-value--unset'}>{value || t(NOT_SPECIFIED)}</dd>;
}
