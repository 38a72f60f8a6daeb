import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  return (
    <div className="form-actions">
      <Link to={cancelTo} className={buttonClass('outline')}>
        {t('common.cancel')}
      </Link>
      <Button type="submit" loading={pending} disabled={disabled}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
