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
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonProps } from '@/components/ui/button';
import { applyServerErrors, Form, FormDate, useZodForm } from '@/components/ui/form';
import { FormDialog, type FormDialogBody } from '@/components/ui/form-dialog';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { currentLocale, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
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
export const ADD_TO_MY_PLANTS_FAILED: MessageKey = 'plantdb.add.failed';

/** names: the gardener's plants as a list in the shown language ("Basil, Basil 2"). */
const names = (plants: Plant[]) => new Intl.ListFormat(currentLocale(), { type: 'unit' }).format(plants.map((p) => p.name));

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
  const t = useT();

  const onSubmit = async (values: CareDatesInput) => {
    onPendingChange(true);
    try {
      const plant = await trigger(quickAddPlant(item, careDatesBody(values)));
      if (plant) onAdded(plant);
      toast({ title: t('plantdb.add.added'), description: t('plantdb.add.addedText', { name: plant?.name ?? item.commonName }), variant: 'success' });
      onDone();
    } catch (error) {
      if (isPlantLimitError(error)) {
        // Both limit paths are refreshed (spec 01 §7); the toast names the fresh limit.
        void refresh((key) => key === urls.plantLimitAlt);
        const latest = await limit.mutate().catch(() => undefined);
        toast({
          title: t('plantdb.add.limitTitle'),
          description: t('plantdb.add.limitText', { limit: latest?.limit ?? limit.data?.limit ?? 0 }),
          variant: 'destructive',
        });
        onDone();
        return;
      }
      applyServerErrors(form, error);
      toast({ title: t('common.error'), description: t(ADD_TO_MY_PLANTS_FAILED), variant: 'destructive' });
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <Form form={form} id={formId} className="form-stack" onSubmit={onSubmit}>
      {already.length > 0 ? (
        <Alert variant="warning" title={t('plantdb.add.alreadyTitle', { name: item.commonName })}>
          {t('plantdb.add.alreadyText', { names: names(already) })}
        </Alert>
      ) : null}
      <div className="form-grid form-grid--2">
        <FormDate name="lastWatered" label={t('plantdb.add.lastWatered')} max={today} />
        <FormDate name="lastFertilized" label={t('plantdb.add.lastFertilized')} max={today} />
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
  const t = useT();
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
        {blocked ? t('plantdb.add.limitReached') : t('plantdb.add.button')}
      </Button>
      {added ? (
        <p className="add-to-mine__note add-to-mine__note--added" role="status">
          <Check size={14} aria-hidden="true" /> {t('plantdb.add.addedNote')}{' '}
          <Link to={`/plants/${added.id}?edit=1`}>{t('plantdb.add.edit', { name: added.name })}</Link>
        </p>
      ) : already.length > 0 ? (
        <p className="add-to-mine__note">
          <Info size={14} aria-hidden="true" /> {t('plantdb.add.alreadyIn')}{' '}
          <Link to={`/plants/${already[0]!.id}`}>{already[0]!.name}</Link>
          {already.length > 1 ? t('plantdb.add.andMore', { count: already.length - 1 }) : ''}
        </p>
      ) : null}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={already.length > 0 ? t('plantdb.add.anotherTitle', { name: item.commonName }) : t('plantdb.add.title', { name: item.commonName })}
        description={t('plantdb.add.description')}
        size="sm"
        submitLabel={already.length > 0 ? t('plantdb.add.another') : t('plantdb.add.button')}
        pendingLabel={t('plantdb.add.adding')}
        lockWhilePending
      >
        {(body) => <CareDatesForm {...body} item={item} already={already} onAdded={setAdded} />}
      </FormDialog>
    </div>
  );
}
