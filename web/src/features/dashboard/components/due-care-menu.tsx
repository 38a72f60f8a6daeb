import { Droplets, FlaskConical, Sprout } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { CareDue } from '@/api/types';
import { careDueLabel, useCareDueNow } from '@/components/task-item/care-due-item';
import type { DeferredProps } from '@/components/ui/deferred';
import { DropdownMenu, DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { DueCareButton } from './due-care-button';

/**
 * DueCareMenu: a due watering or fertilizing in the week strip; a tap opens a menu titled with
 * the full text, offering Water Now (or Fertilize) and the plant's page.
 */
export function DueCareMenu({ due, defaultOpen }: { due: CareDue } & DeferredProps) {
  const { run } = useCareDueNow(due);
  const navigate = useNavigate();
  const water = due.taskType === 'water';
  return (
    <DropdownMenu
      defaultOpen={defaultOpen}
      align="center"
      label={`${careDueLabel(due)}${due.overdue ? ' (overdue)' : ''}`}
      trigger={<DueCareButton due={due} />}
    >
      <DropdownMenuItem
        icon={water ? <Droplets size={16} /> : <FlaskConical size={16} />}
        onSelect={() => void run()}
      >
        {water ? 'Water Now' : 'Fertilize'}
      </DropdownMenuItem>
      <DropdownMenuItem icon={<Sprout size={16} />} onSelect={() => navigate(`/plants/${due.plantId}`)}>
        Open plant
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
