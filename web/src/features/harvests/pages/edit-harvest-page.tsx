import { useNavigate, useParams } from 'react-router';
import { usePlants } from '@/api/plants/get-plants';
import { Card, CardBody } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHarvest, useUpdateHarvest } from '../api/update-harvest';
import { HARVEST_UNITS } from '../api/types';
import { HarvestForm, KEPT_PLANT } from '../components/harvest-form';
import { BackToHarvests, HARVEST_LIST, NO_PLANTS } from './new-harvest-page';
import './harvest-tracking-page.css';

/**
 * EditHarvestPage (/planning/harvest-tracking/:id/edit): corrects a record (PATCH). A record
 * whose plant was deleted keeps its name unless another plant is chosen.
 */
export function EditHarvestPage() {
  useDocumentTitle('Edit Harvest');
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const navigate = useNavigate();
  const { toast } = useToast();
  const plants = usePlants();
  const record = useHarvest(id);
  const { trigger } = useUpdateHarvest(id ?? 0);
  const h = record.data;
  const loading = { isLoading: plants.isLoading || record.isLoading, error: record.error ?? plants.error, mutate: () => record.mutate() };

  return (
    <div className="harvest-page harvest-page--form">
      <BackToHarvests />
      <PageHeader title="Edit Harvest" description="Correct the date, the amount or the notes" />
      <Card>
        <CardBody>
          <ListStates
            query={id ? loading : { isLoading: false, error: new Error('Harvest record not found') }}
            isEmpty={!h || ((plants.data ?? []).length === 0 && h.plantId !== null)}
            loading={{ label: 'Loading the record…', rows: 5, height: 46 }}
            errorTitle="Failed to load the harvest record"
            empty={NO_PLANTS}
          >
            {h ? (
              <HarvestForm
                plants={plants.data ?? []}
                label="Edit Harvest"
                submitLabel="Save Changes"
                failure="Failed to save the harvest"
                cancelTo={HARVEST_LIST}
                keptPlantName={h.plantId === null ? (h.plantName ?? '') : undefined}
                currentBed={h.bedId ? { id: h.bedId, name: h.bedName ?? '', layoutName: h.layoutName ?? '' } : undefined}
                defaults={{
                  plantId: h.plantId === null ? KEPT_PLANT : String(h.plantId),
                  harvestDate: h.harvestDate,
                  quantity: h.quantity ?? undefined,
                  unit: HARVEST_UNITS.find((u) => u === h.unit) ?? '',
                  bedId: h.bedId ? String(h.bedId) : '',
                  notes: h.notes ?? '',
                  imageUrl: h.imageUrl ?? '',
                }}
                onSave={async ({ plantId, ...rest }) => {
                  await trigger(Number.isFinite(plantId) ? { ...rest, plantId } : rest);
                  toast({ title: 'Record Updated', variant: 'success' });
                  void navigate(HARVEST_LIST);
                }}
              />
            ) : null}
          </ListStates>
        </CardBody>
      </Card>
    </div>
  );
}
