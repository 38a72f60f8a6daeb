import { Pencil, Trash } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/lib/i18n/provider';
import { Button, buttonClass } from './button';
import './row-actions.css';

/**
 * RowActions: a record's Edit and Delete buttons ("Edit {name}", "Delete {name}" for
 * assistive technology and tests), with the row's other actions before Edit (before) or
 * between Edit and Delete (children). Edit is a link where editTo is given, a button
 * calling onEdit otherwise; either button is left out without its handler.
 */
export function RowActions({
  name,
  onEdit,
  editTo,
  onDelete,
  before,
  children,
}: {
  name: string;
  onEdit?: () => void;
  editTo?: string;
  onDelete?: () => void;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const icon = <Pencil size={15} aria-hidden="true" />;
  return (
    <>
      {before}
      {editTo ? (
        <Link to={editTo} className={buttonClass('outline', 'sm')} aria-label={t('shared.row.editName', { name })}>
          {icon}
          {t('shared.row.edit')}
        </Link>
      ) : onEdit ? (
        <Button variant="outline" size="sm" icon={icon} aria-label={t('shared.row.editName', { name })} onClick={onEdit}>
          {t('shared.row.edit')}
        </Button>
      ) : null}
      {children}
      {onDelete ? (
        <Button
          variant="ghost"
          size="sm"
          className="row-actions__delete"
          icon={<Trash size={15} aria-hidden="true" />}
          aria-label={t('shared.row.deleteName', { name })}
          onClick={onDelete}
        >
          {t('shared.row.delete')}
        </Button>
      ) : null}
    </>
  );
}
