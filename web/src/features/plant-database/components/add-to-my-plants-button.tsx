import { Plus } from 'lucide-react';
import { urls } from '@/api/keys';
import { useCreatePlant } from '@/api/plants/create-plant';
import { isPlantLimitError, usePlantLimit } from '@/api/plants/get-plant-limit';
import { useRefresh } from '@/api/query';
import type { PlantDatabaseItem } from '@/api/types';
import { limitReachedMessage } from '@/components/add-plant/add-plant-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { quickAddPlant } from '@/lib/plant-prefill';

/** The error toast of Add to My Plants on the plant database pages (spec 01 §8). */
export const ADD_TO_MY_PLANTS_FAILED = 'There was a problem adding this plant to your collection.';

/**
 * AddToMyPlantsButton adds a plant database item to the user's plants in one click
 * (POST /api/plants with the 14/7/4-day watering rule and plantDatabaseId). When the
 * plant limit is reached it is disabled and says so; a refused plant (403 "Plant limit
 * reached") refreshes both limit paths and shows the limit toast.
 */
export function AddToMyPlantsButton({
  item,
  variant = 'primary',
  size,
  fullWidth,
}: {
  item: PlantDatabaseItem;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}) {
  const { trigger, isMutating } = useCreatePlant();
  const limit = usePlantLimit();
  const refresh = useRefresh();
  const { toast } = useToast();
  const blocked = limit.data ? !limit.data.canAddPlant : false;

  const add = async () => {
    try {
      const plant = await trigger(quickAddPlant(item));
      toast({
        title: 'Plant added',
        description: `${plant?.name ?? item.commonName} is now in your garden.`,
        variant: 'success',
      });
    } catch (error) {
      if (isPlantLimitError(error)) {
        void refresh((key) => key === urls.plantLimitAlt);
        const latest = await limit.mutate().catch(() => undefined);
        toast({
          title: 'Plant Limit Reached',
          description: limitReachedMessage(latest?.limit ?? limit.data?.limit),
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Error', description: ADD_TO_MY_PLANTS_FAILED, variant: 'destructive' });
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      loading={isMutating}
      disabled={blocked}
      icon={<Plus size={18} aria-hidden="true" />}
      onClick={() => void add()}
    >
      {blocked ? 'Plant limit reached' : isMutating ? 'Adding…' : 'Add to My Plants'}
    </Button>
  );
}
