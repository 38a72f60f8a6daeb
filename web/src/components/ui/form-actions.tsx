import { Link } from 'react-router';
import { Button, buttonClass } from './button';

/**
 * FormActions: a page form's Cancel (a link back to `cancelTo`) and its submit button,
 * spinning with `pendingLabel` while the form is sent; `disabled` holds it (an upload runs).
 */
export function FormActions({
  cancelTo,
  label,
  pendingLabel,
  pending,
  disabled = false,
}: {
  cancelTo: string;
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="form-actions">
      <Link to={cancelTo} className={buttonClass('outline')}>
        Cancel
      </Link>
      <Button type="submit" loading={pending} disabled={disabled}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
