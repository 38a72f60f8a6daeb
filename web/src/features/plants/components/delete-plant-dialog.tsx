import { getErrorMessage } from '@/api/client';
import type { Plant } from '@/api/types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useDeletePlant } from '../api/delete-plant';

/**
 * DeletePlantDialog asks "Are you sure?" before deleting a plant for good (spec 01 §2)
 * and reports the outcome with the toasts of spec 01 §8.
 */
export function DeletePlantDialog({
  plant,
  open,
  onOpenChange,
  onDeleted,
}: {
  plant: Pick<Plant, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const { trigger, isMutating } = useDeletePlant();
  const { toast } = useToast();
  const confirm = async () => {
    try {
      await trigger(plant.id);
      toast({ title: 'Plant deleted', description: `${plant.name} was removed from your garden.`, variant: 'success' });
      onOpenChange(false);
      onDeleted?.();
    } catch (error) {
      toast({
        title: 'Failed to delete plant',
        description: getErrorMessage(error, 'There was a problem deleting your plant'),
        variant: 'destructive',
      });
      onOpenChange(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Are you sure?"
      description={`This will permanently delete ${plant.name} and all associated journal entries and care tasks.`}
      confirmLabel="Delete Plant"
      pending={isMutating}
      onConfirm={() => void confirm()}
    />
  );
}
