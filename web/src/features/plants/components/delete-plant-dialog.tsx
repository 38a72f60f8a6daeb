import { getErrorMessage } from '@/api/client';
import type { Plant } from '@/api/types';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  const confirm = async () => {
    try {
      await trigger(plant.id);
      toast({ title: t('plants.delete.deleted'), description: t('plants.delete.deletedText', { name: plant.name }), variant: 'success' });
      onOpenChange(false);
      onDeleted?.();
    } catch (error) {
      toast({
        title: t('plants.delete.failed'),
        description: getErrorMessage(error, t('plants.delete.failedText')),
        variant: 'destructive',
      });
      onOpenChange(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('plants.delete.title')}
      description={t('plants.delete.text', { name: plant.name })}
      confirmLabel={t('plants.delete.confirm')}
      pending={isMutating}
      onConfirm={() => void confirm()}
    />
  );
}
