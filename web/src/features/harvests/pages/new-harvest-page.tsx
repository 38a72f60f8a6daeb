import { ArrowLeft, Sprout } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePlants } from '@/api/plants/get-plants';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ListStates } from '@/components/ui/list-states';
import { PageHeader } from '@/components/ui/page-header';
import { useToast } from '@/components/ui/toast';
import { todayKey } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateHarvest } from '../api/create-harvest';
import { HarvestForm } from '../components/harvest-form';
import './harvest-tracking-page.css';

export const HARVEST_LIST = '/planning/harvest-tracking';

/** BackToHarvests: the link above the form pages. */
export function BackToHarvests() {
  return (
    <Link to={HARVEST_LIST} className="harvest-page__back">
      <ArrowLeft size={16} aria-hidden="true" />
      Back to Harvest Tracking
    </Link>
  );
}

/** The empty state of a form page when the gardener has no plant yet. */
export const NO_PLANTS = {
  icon: <Sprout size={26} />,
  title: 'No plants yet',
  text: 'A harvest belongs to one of your plants: add the plant first.',
  action: (
    <Link className={buttonClass('primary')} to="/plants">
      Go to My Plants
    </Link>
  ),
};

/**
 * NewHarvestPage (/planning/harvest-tracking/new): records a harvest; ?plantId= (the plant
 * details page's "Record harvest") picks the plant.
 */
export function NewHarvestPage() {
  useDocumentTitle('Record Harvest');
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
      <PageHeader title="Record Harvest" description="Note what you picked today, weighed, counted or not" />
      <Card>
        <CardBody>
          <ListStates
            query={plants}
            isEmpty={list.length === 0}
            loading={{ label: 'Loading your plants…', rows: 5, height: 46 }}
            errorTitle="Failed to load your plants"
            errorText="Please try again later."
            empty={NO_PLANTS}
          >
            <HarvestForm
              plants={list}
              label="Record Harvest"
              submitLabel="Record Harvest"
              failure="Failed to record harvest"
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
                toast({ title: 'Harvest Recorded', variant: 'success' });
                void navigate(HARVEST_LIST);
              }}
            />
          </ListStates>
        </CardBody>
      </Card>
    </div>
  );
}
