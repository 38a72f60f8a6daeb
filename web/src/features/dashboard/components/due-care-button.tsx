import type { ComponentProps } from 'react';
import type { CareDue } from '@/api/types';
import { CareDueChip } from '@/components/task-chip/task-chip';
import { careDueLabel } from '@/components/task-item/care-due-item';
import { useT } from '@/lib/i18n/provider';

/** DueCareButton: a due watering or fertilizing in the week strip, the trigger of its menu. */
export function DueCareButton({ due, ...rest }: { due: CareDue } & ComponentProps<'button'>) {
  const t = useT();
  const label = careDueLabel(due);
  return (
    <button
      type="button"
      className="week-strip__due"
      aria-label={due.overdue ? t('dashboard.due.actionsOverdue', { label }) : t('dashboard.due.actions', { label })}
      {...rest}
    >
      <CareDueChip due={due} />
    </button>
  );
}
