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
import { plantTypeName } from '@/lib/plant-types';
import { SEED_SHOP_SEARCH_URL } from '@/lib/config';
import { formatDate, isOverdue } from '@/lib/dates';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
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

export const PLANT_LOAD_ERROR: MessageKey = 'plants.details.loadFailed';
export const PLANT_OFFLINE: MessageKey = 'plants.details.offlineText';


function BackLink() {
  const t = useT();
  return (
    <Link to="/plants" className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      {t('plants.details.back')}
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

/**
 * CareRhythm says where the schedule's interval comes from (the gardener's fixed days or the
 * rhythm learned from the care log, and from how many acts) and offers to switch.
 */
function CareRhythm({ plant, kind }: { plant: Plant; kind: CareNowType }) {
  const water = kind === 'water';
  const update = useUpdatePlant();
  const { toast } = useToast();
  const t = useT();
  const mode = (water ? plant.waterMode : plant.fertilizeMode) ?? 'fixed';
  const suggested = water ? plant.suggestedWaterFrequency : plant.suggestedFertilizerFrequency;
  const from = (water ? plant.waterLearnedFrom : plant.fertilizeLearnedFrom) ?? 0;
  const learned = suggested
    ? t(water ? 'plants.details.learnedWater' : 'plants.details.learnedFertilize', { days: suggested, count: from })
    : t(water ? 'plants.details.logMoreWater' : 'plants.details.logMoreFertilize', { count: Math.max(3 - from, 1) });
  const next = mode === 'adaptive' ? 'fixed' : 'adaptive';
  const switchMode = async () => {
    try {
      await update.trigger({ id: plant.id, patch: water ? { waterMode: next } : { fertilizeMode: next } });
    } catch {
      toast({ title: t('common.error'), description: t('plants.details.switchFailed'), variant: 'destructive' });
    }
  };
  return (
    <div className="care-rhythm">
      <p className="care-rhythm__why">
        {mode === 'adaptive'
          ? suggested
            ? learned
            : t('plants.details.untilThen', { learned })
          : t('plants.details.fixed', { learned })}
      </p>
      <Button size="sm" variant="outline" loading={update.isMutating} onClick={() => void switchMode()}>
        {/* Before anything is learned, switching means "learn as I log", not "use what was learned". */}
        {mode === 'adaptive'
          ? t('plants.details.useFixed')
          : suggested
            ? t('plants.details.useLearned')
            : t('plants.details.learnAsILog')}
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
  const t = useT();
  const learned = plant.suggestedWaterFrequency;
  const effective = plant.effectiveWaterFrequency;
  const winter =
    plant.waterMode === 'adaptive' && (plant.seasonFactor ?? 1) > 1 && learned && effective && effective !== learned;
  return (
    <>
      {winter ? (
        <p className="care-note">{t('plants.details.winter', { days: effective, learned })}</p>
      ) : null}
      {(plant.waterBroughtForwardDays ?? 0) > 0 ? (
        <p className="care-note">{t('plants.details.heat')}</p>
      ) : null}
    </>
  );
}

function ScheduleCard({ plant, kind }: { plant: Plant; kind: CareNowType }) {
  const t = useT();
  const water = kind === 'water';
  const every =
    (water ? plant.effectiveWaterFrequency : plant.effectiveFertilizerFrequency) ??
    (water ? plant.waterFrequency : plant.fertilizerFrequency);
  const postponed = water ? (plant.waterPostponedDays ?? 0) : 0;
  const last = water ? plant.lastWatered : plant.lastFertilized;
  const next = nextCareDate(plant, kind);
  return (
    <Card aria-label={water ? t('plants.details.wateringSchedule') : t('plants.details.fertilizingSchedule')}>
      <CardHeader
        icon={water ? <Droplets size={18} /> : <FlaskConical size={18} />}
        title={water ? t('plants.details.wateringTitle') : t('plants.details.fertilizingTitle')}
      />
      <CardBody>
        <dl className="schedule-facts">
          <div>
            <dt>{t('plants.details.frequency')}</dt>
            <dd>{every ? t('plants.details.every', { days: every }) : t('plants.card.notSet')}</dd>
          </div>
          <div>
            <dt>{water ? t('plants.edit.lastWatered') : t('plants.edit.lastFertilized')}</dt>
            <dd>{last ? formatDate(last) : t('plants.details.never')}</dd>
          </div>
          <div>
            <dt>{water ? t('plants.card.nextWatering') : t('plants.details.nextFertilizing')}</dt>
            {next && isOverdue(next) ? (
              <dd className="is-overdue">
                <span>{formatDate(next)}</span>
                <span className="overdue-note">{t('plants.history.overdue')}</span>
              </dd>
            ) : (
              <dd>{next ? formatDate(next) : t('plants.details.notScheduled')}</dd>
            )}
          </div>
        </dl>
        {postponed > 0 ? <p className="muted">{t('plants.details.postponed', { days: postponed })}</p> : null}
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
  const t = useT();
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
      const outcome = await care.run(type, t(type === 'water' ? 'plants.details.waterLabel' : 'plants.details.fertilizeLabel', { name: plant.name }));
      toast(careNowToast(outcome, plant.name, type));
    } catch {
      toast({ title: t('common.error'), description: t('plants.details.careFailed'), variant: 'destructive' });
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
            <Badge tone="purple">{plantTypeName(plant.plantType || DEFAULT_PLANT_TYPE)}</Badge>
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
          {t('plants.details.waterNow')}
        </Button>
        <Button
          variant="secondary"
          icon={<FlaskConical size={18} aria-hidden="true" />}
          loading={care.pending === 'fertilize'}
          disabled={care.pending !== null}
          onClick={() => void careNow('fertilize')}
        >
          {t('task.fertilize')}
        </Button>
        {storeUrl ? (
          <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
            <ShoppingCart size={18} aria-hidden="true" />
            {t('plants.details.buySeeds')}
          </a>
        ) : null}
        <Button variant="outline" icon={<Pencil size={18} aria-hidden="true" />} onClick={() => setEditing(true)}>
          {t('plants.card.edit')}
        </Button>
        <Link to={`/plants/${plant.id}/qrcode`} className={buttonClass('outline')}>
          <QrCode size={18} aria-hidden="true" />
          {t('plants.details.qr')}
        </Link>
        <Link to={`/planning/harvest-tracking/new?plantId=${plant.id}`} className={buttonClass('outline')}>
          <Wheat size={18} aria-hidden="true" />
          {t('plants.details.harvest')}
        </Link>
        {/* Community links (plant sharing and expert Q&A pages fill their forms from this plant). */}
        <Link to={`/community/plant-sharing/new?plantId=${plant.id}`} className={buttonClass('ghost', 'sm')}>
          {t('plants.details.share')}
        </Link>
        <Link to={`/community/expert-qa/new?plantId=${plant.id}`} className={buttonClass('ghost', 'sm')}>
          {t('plants.details.ask')}
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
          {t('plants.details.delete')}
        </Button>
      </DetailHero>

      <div className="plant-detail__grid">
        <Card aria-label={t('plants.details.aboutLabel')}>
          <CardHeader icon={<Sprout size={18} />} title={t('plants.details.about')} />
          <CardBody>
            <dl className="facts">
              <Fact icon={<MapPin size={16} />} label={t('plants.edit.location')}>
                {plant.location || t('plants.card.noLocation')}
              </Fact>
              <GrowsIn plantId={plant.id} />
              <Fact icon={<Sun size={16} />} label={t('plants.details.lightNeeds')}>
                {plant.lightNeeds || t('plants.card.notSet')}
              </Fact>
              <Fact icon={<CalendarDays size={16} />} label={t('plants.edit.acquired')}>
                {formatDate(plant.acquiredDate) || t('plants.card.notSet')}
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
        <Card aria-label={t('plants.edit.notes')}>
          <CardHeader icon={<NotebookPen size={18} />} title={t('plants.edit.notes')} />
          <CardBody>
            {plant.notes ? <p className="notes">{plant.notes}</p> : <p className="muted">{t('plants.details.noNotes')}</p>}
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
  const t = useT();
  useDocumentTitle(t('plants.details.docTitle'));

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
          title={notFound ? t('plants.qrPage.notFound') : offline ? t('plants.details.offline') : t('plants.details.loadFailedTitle')}
          titleAs="h1"
          action={
            <Link to="/plants" className={buttonClass('primary')}>
              {t('plants.details.goToPlants')}
            </Link>
          }
        >
          {t(offline ? PLANT_OFFLINE : PLANT_LOAD_ERROR)}
        </EmptyState>
      </div>
    );
  }
  return <PlantDetails plant={plant.data} />;
}
