import { Droplets, FlaskConical, Sprout } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CareDue } from '@/api/types';
import { careDueLabel, useCareDueNow } from '@/components/task-item/care-due-item';
import type { DeferredProps } from '@/components/ui/deferred';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { useT } from '@/lib/i18n/provider';
import { DueCareButton } from './due-care-button';

/**
 * DueCareMenu: a due watering or fertilizing in the week strip; a tap opens a menu titled with
 * the full text, offering Water Now (or Fertilize) and the plant's page.
 */
export function DueCareMenu({ due, defaultOpen }: { due: CareDue } & DeferredProps) {
  const t = useT();
  const { run } = useCareDueNow(due);
  const navigate = useNavigate();
  const water = due.taskType === 'water';
  return (
    <DropdownMenu
      defaultOpen={defaultOpen}
      align="center"
      label={due.overdue ? t('today.overdueLabel', { label: careDueLabel(due) }) : careDueLabel(due)}
      trigger={<DueCareButton due={due} />}
    >
      <DropdownMenuItem
        icon={water ? <Droplets size={16} /> : <FlaskConical size={16} />}
        onSelect={() => void run()}
      >
        {water ? t('shared.careDue.waterNow') : t('task.fertilize')}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Sprout size={16} />} onSelect={() => navigate(`/plants/${due.plantId}`)}>
        {t('dashboard.due.openPlant')}
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
