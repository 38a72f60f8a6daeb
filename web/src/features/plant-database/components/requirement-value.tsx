import { NOT_SPECIFIED } from './categories';
import './requirement-value.css';

/** RequirementValue: the `dd` of a light, water or fertilizer requirement, "Not specified" when unset. */
export function RequirementValue({ value }: { value: string | null | undefined }) {
  return <dd className={value ? 'db-value' : 'db-value db-value--unset'}>{value || NOT_SPECIFIED}</dd>;
}
