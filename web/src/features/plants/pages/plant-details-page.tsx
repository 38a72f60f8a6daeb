import {
  ArrowLeft,
  CalendarDays,
  Droplets,
  FlaskConical,
  MapPin,
  NotebookPen,
  Pencil,
  QrCode,
  ShoppingCart,
  SearchX,
  Sprout,
  Sun,
  Trash,
  Wheat,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { usePlantDatabaseSearch } from '@/api/plant-database/get-plant-database';
import type { Plant } from '@/api/types';
import { DetailHero, DetailPageSkeleton } from '@/components/detail-hero/detail-hero';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useToast } from '@/components/ui/toast';
import { GrowsIn } from '@/components/grows-in/grows-in';
import { DEFAULT_PLANT_TYPE, nextCareDate } from '@/lib/care';
import { SEED_SHOP_SEARCH_URL } from '@/lib/config';
import { formatDate, isOverdue } from '@/lib/dates';
import { seedStoreLink } from '@/lib/store-link';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { careNowToast, useCareNow, type CareNowType } from '@/api/plants/care-now';
import { usePlant } from '../api/get-plant';
import { useUpdatePlant } from '@/api/plants/update-plant';
import { CareHistoryCard } from '../components/care-history-card';
import { CareLogCard } from '../components/care-log-card';
import { DeletePlantDialog } from '../components/delete-plant-dialog';
import { EditPlantDialog } from '../components/edit-plant-dialog';
import { GrowthProgressCard } from '../components/growth-progress-card';
import { PlantJournalCard } from '../components/plant-journal-card';
import { PlantStatusBadge } from '../components/plant-status-badge';
import { QrLabelCard } from '../components/qr-label-card';
import './plant-details-page.css';

// The sensor card (and its chart) loads after the page: most plants have no sensor.
const SensorCard = lazy(() => import('../components/sensor-card'));

export const PLANT_LOAD_ERROR = 'There was an error loading this plant. Please try again later.';
export const PLANT_OFFLINE = 'This plant has not been opened on this device yet: it loads when you are back online.';

function BackLink() {
  return (
    <Link to="/plants" className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      Back to My Plants
    </Link>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>
        <span className="fact__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * CareRhythm says where the schedule's interval comes from (the gardener's fixed days or the
 * rhythm learned from the care log, and from how many acts) and offers to switch.
 */
function CareRhythm({ plant, kind }: { plant: Plant; kind: CareNowType }) {
  const water = kind === 'water';
  const update = useUpdatePlant();
  const { toast } = useToast();
  const mode = (water ? plant.waterMode : plant.fertilizeMode) ?? 'fixed';
  const suggested = water ? plant.suggestedWaterFrequency : plant.suggestedFertilizerFrequency;
  const from = (water ? plant.waterLearnedFrom : plant.fertilizeLearnedFrom) ?? 0;
  const acts = water ? 'waterings' : 'fertilizings';
  const learned = suggested
    ? `Every ${days(suggested)}, learned from your last ${from} ${acts}`
    : `Log ${Math.max(3 - from, 1)} more ${acts} to learn this plant's rhythm`;
  const next = mode === 'adaptive' ? 'fixed' : 'adaptive';
  const switchMode = async () => {
    try {
      await update.trigger({ id: plant.id, patch: water ? { waterMode: next } : { fertilizeMode: next } });
    } catch {
      toast({ title: 'Error', description: 'Could not change the schedule. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <div className="care-rhythm">
      <p className="care-rhythm__why">
        {mode === 'adaptive' ? (suggested ? learned : `${learned}; until then the fixed days apply`) : `Fixed schedule. ${learned}.`}
      </p>
      <Button size="sm" variant="outline" loading={update.isMutating} onClick={() => void switchMode()}>
        {/* Before anything is learned, switching means "learn as I log", not "use what was learned". */}
        {mode === 'adaptive' ? 'Use fixed schedule' : suggested ? 'Use learned rhythm' : 'Learn as I log care'}
      </Button>
    </div>
  );
}

/**
 * WeatherNotes says what the season and the weather changed in the watering schedule: the
 * winter stretch of an adaptive rhythm ("Winter rhythm: every 10 days instead of 7") and a
 * watering a hot forecast brought forward.
 */
export function WeatherNotes({ plant }: { plant: Plant }) {
  const learned = plant.suggestedWaterFrequency;
  const effective = plant.effectiveWaterFrequency;
  const winter =
    plant.waterMode === 'adaptive' && (plant.seasonFactor ?? 1) > 1 && learned && effective && effective !== learned;
  return (
    <>
      {winter ? (
        <p className="care-note">
          Winter rhythm: every {days(effective)} instead of {learned}
        </p>
      ) : null}
      {(plant.waterBroughtForwardDays ?? 0) > 0 ? (
        <p className="care-note">Watering brought forward a day: heat is expected at your garden.</p>
      ) : null}
    </>
  );
}

function ScheduleCard({ plant, kind }: { plant: Plant; kind: CareNowType }) {
  const water = kind === 'water';
  const every =
    (water ? plant.effectiveWaterFrequency : plant.effectiveFertilizerFrequency) ??
    (water ? plant.waterFrequency : plant.fertilizerFrequency);
  const postponed = water ? (plant.waterPostponedDays ?? 0) : 0;
  const last = water ? plant.lastWatered : plant.lastFertilized;
  const next = nextCareDate(plant, kind);
  return (
    <Card aria-label={water ? 'Watering schedule' : 'Fertilizing schedule'}>
      <CardHeader
        icon={water ? <Droplets size={18} /> : <FlaskConical size={18} />}
        title={water ? 'Watering Schedule' : 'Fertilizing Schedule'}
      />
      <CardBody>
        <dl className="schedule-facts">
          <div>
            <dt>Frequency</dt>
            <dd>{every ? `Every ${every} ${every === 1 ? 'day' : 'days'}` : 'Not set'}</dd>
          </div>
          <div>
            <dt>{water ? 'Last watered' : 'Last fertilized'}</dt>
            <dd>{last ? formatDate(last) : 'Never'}</dd>
          </div>
          <div>
            <dt>{water ? 'Next watering' : 'Next fertilizing'}</dt>
            {next && isOverdue(next) ? (
              <dd className="is-overdue">
                <span>{formatDate(next)}</span>
                <span className="overdue-note">Overdue</span>
              </dd>
            ) : (
              <dd>{next ? formatDate(next) : 'Not scheduled'}</dd>
            )}
          </div>
        </dl>
        {postponed > 0 ? <p className="muted">Postponed {days(postponed)}: the soil was still moist.</p> : null}
        {water ? <WeatherNotes plant={plant} /> : null}
        <CareRhythm plant={plant} kind={kind} />
      </CardBody>
    </Card>
  );
}

function PlantDetails({ plant }: { plant: Plant }) {
  useDocumentTitle(plant.name);
  const navigate = useNavigate();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  // ?edit=1 (the link after a one-click add) opens the edit form; closing it drops the flag.
  const [search, setSearch] = useSearchParams();
  const [editing, setEditingState] = useState(() => search.get('edit') === '1');
  const setEditing = (open: boolean) => {
    setEditingState(open);
    if (!open && search.has('edit')) setSearch({}, { replace: true });
  };
  const care = useCareNow(plant.id);
  // The database items that can be this plant: found on the server by species, else by name.
  const bySpecies = usePlantDatabaseSearch({ q: plant.species ?? '', limit: 20 }, Boolean(plant.species?.trim()));
  const byName = usePlantDatabaseSearch({ q: plant.name, limit: 20 });
  const storeUrl = seedStoreLink(plant, [...(bySpecies.data ?? []), ...(byName.data ?? [])], SEED_SHOP_SEARCH_URL);

  const careNow = async (type: CareNowType) => {
    try {
      const outcome = await care.run(type, `${type === 'water' ? 'Water' : 'Fertilize'} ${plant.name}`);
      toast(careNowToast(outcome, plant.name, type));
    } catch {
      toast({ title: 'Error', description: 'Could not complete the task. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="detail-page plant-detail">
      <BackLink />
      <DetailHero
        variant="compact"
        image={{ src: plant.imageUrl, alt: plant.name, iconSize: 48, thumb: true }}
        name={plant.name}
        subtitle={plant.species}
        badges={
          <>
            <Badge tone="purple">{plant.plantType || DEFAULT_PLANT_TYPE}</Badge>
            <PlantStatusBadge status={plant.status} />
          </>
        }
      >
        <Button
          icon={<Droplets size={18} aria-hidden="true" />}
          loading={care.pending === 'water'}
          disabled={care.pending !== null}
          onClick={() => void careNow('water')}
        >
          Water Now
        </Button>
        <Button
          variant="secondary"
          icon={<FlaskConical size={18} aria-hidden="true" />}
          loading={care.pending === 'fertilize'}
          disabled={care.pending !== null}
          onClick={() => void careNow('fertilize')}
        >
          Fertilize
        </Button>
        {storeUrl ? (
          <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
            <ShoppingCart size={18} aria-hidden="true" />
            Buy Seeds
          </a>
        ) : null}
        <Button variant="outline" icon={<Pencil size={18} aria-hidden="true" />} onClick={() => setEditing(true)}>
          Edit Plant
        </Button>
        <Link to={`/plants/${plant.id}/qrcode`} className={buttonClass('outline')}>
          <QrCode size={18} aria-hidden="true" />
          Generate QR Code
        </Link>
        <Link to={`/planning/harvest-tracking/new?plantId=${plant.id}`} className={buttonClass('outline')}>
          <Wheat size={18} aria-hidden="true" />
          Record harvest
        </Link>
        {/* Community links (plant sharing and expert Q&A pages fill their forms from this plant). */}
        <Link to={`/community/plant-sharing/new?plantId=${plant.id}`} className={buttonClass('ghost', 'sm')}>
          List from my plant
        </Link>
        <Link to={`/community/expert-qa/new?plantId=${plant.id}`} className={buttonClass('ghost', 'sm')}>
          Ask about this plant
        </Link>
        {/*
          The actions area: other areas add one link or button here (List from my plant, Ask
          about this plant, Record harvest…), before Delete, which stays last.
        */}
        <Button
          variant="ghost"
          className="plant-hero__delete"
          icon={<Trash size={18} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      </DetailHero>

      <div className="plant-detail__grid">
        <Card aria-label="About this plant">
          <CardHeader icon={<Sprout size={18} />} title="About" />
          <CardBody>
            <dl className="facts">
              <Fact icon={<MapPin size={16} />} label="Location">
                {plant.location || 'No location set'}
              </Fact>
              <GrowsIn plantId={plant.id} />
              <Fact icon={<Sun size={16} />} label="Light needs">
                {plant.lightNeeds || 'Not set'}
              </Fact>
              <Fact icon={<CalendarDays size={16} />} label="Acquired">
                {formatDate(plant.acquiredDate) || 'Not set'}
              </Fact>
            </dl>
          </CardBody>
        </Card>
        <GrowthProgressCard plant={plant} />
        <ScheduleCard plant={plant} kind="water" />
        <ScheduleCard plant={plant} kind="fertilize" />
        <Suspense fallback={null}>
          <SensorCard plantId={plant.id} />
        </Suspense>
        <Card aria-label="Notes">
          <CardHeader icon={<NotebookPen size={18} />} title="Notes" />
          <CardBody>
            {plant.notes ? <p className="notes">{plant.notes}</p> : <p className="muted">No notes yet.</p>}
          </CardBody>
        </Card>
        <QrLabelCard plantId={plant.id} plantName={plant.name} />
        <PlantJournalCard plantId={plant.id} plantName={plant.name} />
        <CareLogCard plantId={plant.id} />
        <CareHistoryCard plantId={plant.id} />
      </div>

      <EditPlantDialog plant={plant} open={editing} onOpenChange={setEditing} />
      <DeletePlantDialog
        plant={plant}
        open={confirming}
        onOpenChange={setConfirming}
        onDeleted={() => navigate('/plants', { replace: true })}
      />
    </div>
  );
}

/** PlantDetailsPage (/plants/{id}); a non-numeric id sends no request and shows the error. */
export function PlantDetailsPage() {
  const params = useParams();
  const id = parseId(params.id);
  const plant = usePlant(id);
  useDocumentTitle('Plant');

  if (id !== null && plant.isLoading) {
    return <DetailPageSkeleton variant="compact" className="plant-detail" grid={{ className: 'plant-detail__grid', cards: 4, cardHeight: 150 }} />;
  }
  if (id === null || plant.error || !plant.data) {
    const notFound = id === null || (plant.error instanceof ApiError && plant.error.status === 404);
    const offline = !notFound && !navigator.onLine;
    return (
      <div className="detail-page plant-detail">
        <BackLink />
        <EmptyState
          icon={<SearchX size={26} />}
          title={notFound ? 'Plant not found' : offline ? 'You are offline' : 'Could not load this plant'}
          titleAs="h1"
          action={
            <Link to="/plants" className={buttonClass('primary')}>
              Go to My Plants
            </Link>
          }
        >
          {offline ? PLANT_OFFLINE : PLANT_LOAD_ERROR}
        </EmptyState>
      </div>
    );
  }
  return <PlantDetails plant={plant.data} />;
}
