import { Check, Info, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { urls } from '@/api/keys';
import { useCreatePlant } from '@/api/plants/create-plant';
import { isPlantLimitError, usePlantLimit } from '@/api/plants/get-plant-limit';
import { usePlants } from '@/api/plants/get-plants';
import { useRefresh } from '@/api/query';
import type { Plant, PlantDatabaseItem } from '@/api/types';
import { limitReachedMessage } from '@/components/add-plant/add-plant-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { quickAddPlant } from '@/lib/plant-prefill';

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * sameSpecies: the plants of My Plants that are this database item: the same scientific name
 * when both have one, else the same common name.
 */
export function sameSpecies(plants: Plant[] | undefined, item: PlantDatabaseItem): Plant[] {
  const latin = norm(item.scientificName);
  return (plants ?? []).filter((p) =>
    latin && norm(p.species) ? norm(p.species) === latin : norm(p.name) === norm(item.commonName),
  );
}

/** The error toast of Add to My Plants on the plant database pages (spec 01 §8). */
export const ADD_TO_MY_PLANTS_FAILED = 'There was a problem adding this plant to your collection.';

/**
 * AddToMyPlantsButton adds a plant database item to the user's plants in one click
 * (POST /api/plants with the 14/7/4-day watering rule and plantDatabaseId; the server puts it
 * on the schedule, last watered and fertilized today). It then says it was added, with a
 * link to edit the new plant; when the species is already in My Plants it says so and asks
 * before adding another. When the plant limit is reached it is disabled and says so; a
 * refused plant (403 "Plant limit reached") refreshes both limit paths and shows the toast.
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
  const mine = usePlants();
  const [added, setAdded] = useState<Plant | null>(null);
  const [asking, setAsking] = useState(false);
  const already = sameSpecies(mine.data, item).filter((p) => p.id !== added?.id);

  const add = async () => {
    setAsking(false);
    try {
      const plant = await trigger(quickAddPlant(item));
      if (plant) setAdded(plant);
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
    <div className="add-to-mine">
      <Button
        variant={variant}
        size={size}
        fullWidth={fullWidth}
        loading={isMutating}
        disabled={blocked}
        icon={<Plus size={18} aria-hidden="true" />}
        onClick={() => (already.length > 0 ? setAsking(true) : void add())}
      >
        {blocked ? 'Plant limit reached' : isMutating ? 'Adding…' : 'Add to My Plants'}
      </Button>
      {added ? (
        <p className="add-to-mine__note add-to-mine__note--added" role="status">
          <Check size={14} aria-hidden="true" /> Added to My Plants.{' '}
          <Link to={`/plants/${added.id}?edit=1`}>Edit {added.name}</Link>
        </p>
      ) : already.length > 0 ? (
        <p className="add-to-mine__note">
          <Info size={14} aria-hidden="true" /> Already in My Plants:{' '}
          <Link to={`/plants/${already[0]!.id}`}>{already[0]!.name}</Link>
          {already.length > 1 ? ` and ${already.length - 1} more` : ''}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Add another ${item.commonName}?`}
        description={`You already have ${already.map((p) => p.name).join(', ')} in My Plants. Add ${item.commonName} again as a new plant?`}
        confirmLabel="Add Another"
        destructive={false}
        pending={isMutating}
        onConfirm={() => void add()}
      />
    </div>
  );
}
