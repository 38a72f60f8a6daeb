import type { ComponentProps } from 'react';
import type { CareDue } from '@/api/types';
import { CareDueChip } from '@/components/task-chip/task-chip';
import { careDueLabel } from '@/components/task-item/care-due-item';

/** DueCareButton: a due watering or fertilizing in the week strip, the trigger of its menu. */
export function DueCareButton({ due, ...rest }: { due: CareDue } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="week-strip__due"
      aria-label={`${careDueLabel(due)}${due.overdue ? ', overdue' : ''}: actions`}
      {...rest}
    >
      <CareDueChip due={due} />
    </button>
  );
}
