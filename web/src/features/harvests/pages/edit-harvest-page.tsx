import { useNavigate, useParams } from 'react-router';
import { usePlants } from '@/api/plants/get-plants';
import { Card, CardBody } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHarvest, useUpdateHarvest } from '../api/update-harvest';
import { HARVEST_UNITS } from '../api/types';
import { HarvestForm, KEPT_PLANT } from '../components/harvest-form';
import { BackToHarvests, HARVEST_LIST, useNoPlants } from './new-harvest-page';
import './harvest-tracking-page.css';

/**
 * EditHarvestPage (/planning/harvest-tracking/:id/edit): corrects a record (PATCH). A record
 * whose plant was deleted keeps its name unless another plant is chosen.
 */
export function EditHarvestPage() {
  const t = useT();
  const noPlants = useNoPlants();
  useDocumentTitle(t('harvests.edit.title'));
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
      <PageHeader title={t('harvests.edit.title')} description={t('harvests.edit.description')} />
      <Card>
        <CardBody>
          <ListStates
            query={id ? loading : { isLoading: false, error: new Error(t('harvests.edit.notFound')) }}
            isEmpty={!h || ((plants.data ?? []).length === 0 && h.plantId !== null)}
            loading={{ label: t('harvests.edit.loading'), rows: 5, height: 46 }}
            errorTitle={t('harvests.edit.loadFailed')}
            empty={noPlants}
          >
            {h ? (
              <HarvestForm
                plants={plants.data ?? []}
                label={t('harvests.edit.title')}
                submitLabel={t('harvests.edit.save')}
                failure={t('harvests.edit.failed')}
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
                  toast({ title: t('harvests.edit.updated'), variant: 'success' });
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
