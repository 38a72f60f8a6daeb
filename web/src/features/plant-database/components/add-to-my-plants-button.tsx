import { Check, Info, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { urls } from '@/api/keys';
import { useCreatePlant } from '@/api/plants/create-plant';
import { isPlantLimitError, usePlantLimit } from '@/api/plants/get-plant-limit';
import { usePlants } from '@/api/plants/get-plants';
import { careDatesBody, careDatesSchema, type CareDatesInput } from '@/api/plants/plant-schema';
import { useRefresh } from '@/api/query';
import type { Plant, PlantDatabaseItem } from '@/api/types';
import { limitReachedMessage } from '@/components/add-plant/add-plant-dialog';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { applyServerErrors, Form, FormDate, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
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

/** The small form of the one-click add: when the plant was last watered and fertilized. */
function CareDatesForm({
  item,
  already,
  formId,
  onDone,
  onPendingChange,
  onAdded,
}: FormDialogBody & { item: PlantDatabaseItem; already: Plant[]; onAdded: (plant: Plant) => void }) {
  const [today] = useState(todayKey);
  const form = useZodForm(careDatesSchema, { defaultValues: { lastWatered: today, lastFertilized: today } satisfies CareDatesInput });
  const { trigger } = useCreatePlant();
  const limit = usePlantLimit();
  const refresh = useRefresh();
  const { toast } = useToast();

  const onSubmit = async (values: CareDatesInput) => {
    onPendingChange(true);
    try {
      const plant = await trigger(quickAddPlant(item, careDatesBody(values)));
      if (plant) onAdded(plant);
      toast({ title: 'Plant added', description: `${plant?.name ?? item.commonName} is now in your garden.`, variant: 'success' });
      onDone();
    } catch (error) {
      if (isPlantLimitError(error)) {
        // Both limit paths are refreshed (spec 01 §7); the toast names the fresh limit.
        void refresh((key) => key === urls.plantLimitAlt);
        const latest = await limit.mutate().catch(() => undefined);
        toast({ title: 'Plant Limit Reached', description: limitReachedMessage(latest?.limit ?? limit.data?.limit), variant: 'destructive' });
        onDone();
        return;
      }
      applyServerErrors(form, error);
      toast({ title: 'Error', description: ADD_TO_MY_PLANTS_FAILED, variant: 'destructive' });
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit}>
      {already.length > 0 ? (
        <Alert variant="warning" title={`${item.commonName} is already in My Plants`}>
          You have {already.map((p) => p.name).join(', ')}. Adding it again makes a new plant with its own schedule.
        </Alert>
      ) : null}
      <div className="form-grid form-grid--2">
        <FormDate name="lastWatered" label="Last watered" max={today} />
        <FormDate name="lastFertilized" label="Last fertilized" max={today} />
      </div>
    </Form>
  );
}

/**
 * AddToMyPlantsButton adds a plant database item to the user's plants (POST /api/plants with
 * the 14/7/4-day watering rule, plantDatabaseId, and when it was last watered and fertilized:
 * a small dialog asks, today by default, so the plant is on the schedule). It then says it was
 * added, with a link to edit the new plant; when the species is already in My Plants it says
 * so, and the dialog warns before adding another. When the plant limit is reached it is
 * disabled and says so; a refused plant (403 "Plant limit reached") refreshes both limit paths
 * and shows the toast.
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
  const limit = usePlantLimit();
  const blocked = limit.data ? !limit.data.canAddPlant : false;
  const mine = usePlants();
  const [added, setAdded] = useState<Plant | null>(null);
  const [open, setOpen] = useState(false);
  const already = sameSpecies(mine.data, item).filter((p) => p.id !== added?.id);

  return (
    <div className="add-to-mine">
      <Button
        variant={variant}
        size={size}
        fullWidth={fullWidth}
        disabled={blocked}
        icon={<Plus size={18} aria-hidden="true" />}
        onClick={() => setOpen(true)}
      >
        {blocked ? 'Plant limit reached' : 'Add to My Plants'}
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
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={already.length > 0 ? `Add another ${item.commonName}?` : `Add ${item.commonName} to My Plants`}
        description="When was it last watered and fertilized? The care schedule starts from these days."
        size="sm"
        submitLabel={already.length > 0 ? 'Add Another' : 'Add to My Plants'}
        pendingLabel="Adding…"
        lockWhilePending
      >
        {(body) => <CareDatesForm {...body} item={item} already={already} onAdded={setAdded} />}
      </FormDialog>
    </div>
  );
}
