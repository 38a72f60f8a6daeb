import { ArrowLeft, Sprout } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePlants } from '@/api/plants/get-plants';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateHarvest } from '../api/create-harvest';
import { HarvestForm } from '../components/harvest-form';
import './harvest-tracking-page.css';

export const HARVEST_LIST = '/planning/harvest-tracking';

/** BackToHarvests: the link above the form pages. */
export function BackToHarvests() {
  const t = useT();
  return (
    <Link to={HARVEST_LIST} className="harvest-page__back">
      <ArrowLeft size={16} aria-hidden="true" />
      {t('harvests.back')}
    </Link>
  );
}

/** The empty state of a form page when the gardener has no plant yet. */
export function useNoPlants() {
  const t = useT();
  return {
    icon: <Sprout size={26} />,
    title: t('plants.none'),
    text: t('harvests.noPlantsText'),
    action: (
      <Link className={buttonClass('primary')} to="/plants">
        {t('harvests.goToPlants')}
      </Link>
    ),
  };
}

/**
 * NewHarvestPage (/planning/harvest-tracking/new): records a harvest; ?plantId= (the plant
 * details page's "Record harvest") picks the plant.
 */
export function NewHarvestPage() {
  const t = useT();
  const noPlants = useNoPlants();
  useDocumentTitle(t('harvests.record'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const plants = usePlants();
  const { trigger } = useCreateHarvest();
  const plantId = /^\d+$/.test(params.get('plantId') ?? '') ? params.get('plantId')! : '';
  const list = plants.data ?? [];

  return (
    <div className="harvest-page harvest-page--form">
      <BackToHarvests />
      <PageHeader title={t('harvests.record')} description={t('harvests.new.description')} />
      <Card>
        <CardBody>
          <ListStates
            query={plants}
            isEmpty={list.length === 0}
            loading={{ label: t('plants.loading'), rows: 5, height: 46 }}
            errorTitle={t('harvests.new.plantsFailed')}
            errorText={t('harvests.tryLater')}
            empty={noPlants}
          >
            <HarvestForm
              plants={list}
              label={t('harvests.record')}
              submitLabel={t('harvests.record')}
              failure={t('harvests.new.failed')}
              cancelTo={HARVEST_LIST}
              defaults={{
                plantId: list.some((p) => String(p.id) === plantId) ? plantId : '',
                harvestDate: todayKey(),
                quantity: undefined,
                unit: '',
                bedId: '',
                notes: '',
                imageUrl: '',
              }}
              onSave={async (harvest) => {
                await trigger(harvest);
                toast({ title: t('harvests.new.recorded'), variant: 'success' });
                void navigate(HARVEST_LIST);
              }}
            />
          </ListStates>
        </CardBody>
      </Card>
    </div>
  );
}
