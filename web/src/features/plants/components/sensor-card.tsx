import { Gauge, Trash } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ApiError } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/dates';
import { currentLocale, t as translate, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import {
  useLinkSensor,
  useSensors,
  useUnlinkSensor,
  useUpdateSensor,
  type SensorLink,
  type SensorMetric,
} from '../api/sensors';
import './sensor-card.css';

const SensorChart = lazy(() => import('./sensor-chart'));

export const SENSORS_LOAD_ERROR: MessageKey = 'plants.sensor.loadFailed';

const metricLabels: Record<SensorMetric, MessageKey> = {
  moisture: 'plants.sensor.metric.moisture',
  temperature: 'plants.sensor.metric.temperature',
  light: 'plants.sensor.metric.light',
  battery: 'plants.sensor.metric.battery',
};
const units: Record<SensorMetric, string> = { moisture: ' %', temperature: ' °C', light: ' lx', battery: ' %' };
const order: SensorMetric[] = ['moisture', 'temperature', 'light', 'battery'];

function fieldError(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { message?: string; errors?: Record<string, string> };
      const first = body.errors ? Object.values(body.errors)[0] : undefined;
      return first ?? body.message ?? error.message;
    } catch {
      return error.message;
    }
  }
  return translate('plants.log.saveFailed');
}

function parseThreshold(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function LinkSensorForm({ plantId }: { plantId: number }) {
  const link = useLinkSensor(plantId);
  const { toast } = useToast();
  const [sensorId, setSensorId] = useState('');
  const [threshold, setThreshold] = useState('30');
  const [error, setError] = useState<string | undefined>();
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const below = parseThreshold(threshold);
    if (below === undefined) {
      setError(t('plants.sensor.thresholdError'));
      return;
    }
    try {
      await link.trigger({ sensorId: sensorId.trim(), moistureBelow: below });
      setSensorId('');
      setError(undefined);
      toast({ title: t('plants.sensor.linked'), description: sensorId.trim(), variant: 'success' });
    } catch (err) {
      setError(fieldError(err));
    }
  };
  return (
    <form className="sensor-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('plants.sensor.link')}>
      <h3 className="sensor-form__title">{t('plants.sensor.link')}</h3>
      <Field
        label={t('plants.sensor.id')}
        value={sensorId}
        onChange={(e) => setSensorId(e.target.value)}
        placeholder={t('plants.sensor.idExample')}
        hint={t('plants.sensor.idHint')}
        required
        maxLength={100}
      />
      <Field
        label={t('plants.sensor.below')}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        value={threshold}
        onChange={(e) => setThreshold(e.target.value)}
        error={error}
      />
      <Button type="submit" size="sm" loading={link.isMutating}>
        {t('plants.sensor.linkButton')}
      </Button>
    </form>
  );
}

function ThresholdForm({ plantId, link }: { plantId: number; link: SensorLink }) {
  const update = useUpdateSensor(plantId);
  const [value, setValue] = useState(link.moistureBelow === null ? '' : String(link.moistureBelow));
  const [error, setError] = useState<string | undefined>();
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const below = parseThreshold(value);
    if (below === undefined) {
      setError(t('plants.sensor.thresholdError'));
      return;
    }
    try {
      await update.trigger({ id: link.id, moistureBelow: below });
      setError(undefined);
    } catch (err) {
      setError(fieldError(err));
    }
  };
  return (
    <form className="sensor-threshold" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t('plants.sensor.belowFor', { sensor: link.sensorId })}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        hint={t('plants.sensor.belowHint')}
        error={error}
      />
      <Button type="submit" size="sm" variant="outline" loading={update.isMutating}>
        {t('plants.sensor.saveThreshold')}
      </Button>
    </form>
  );
}

function SensorItem({ plantId, link }: { plantId: number; link: SensorLink }) {
  const unlink = useUnlinkSensor(plantId);
  const { toast } = useToast();
  const t = useT();
  const number = new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 1, useGrouping: false });
  const latest = order
    .map((m) => link.latest.find((r) => r.metric === m))
    .filter((r): r is NonNullable<typeof r> => Boolean(r));
  const remove = async () => {
    try {
      await unlink.trigger(link.id);
      toast({ title: t('plants.sensor.unlinked'), description: link.sensorId, variant: 'success' });
    } catch {
      toast({ title: t('common.error'), description: t('plants.sensor.unlinkFailed'), variant: 'destructive' });
    }
  };
  return (
    <li className="sensor-item">
      <div className="sensor-item__head">
        <strong>{link.sensorId}</strong>
        {link.dry ? <span className="sensor-item__dry">{t('plants.sensor.drySince', { date: formatDate(link.drySince ?? '') })}</span> : null}
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash size={16} aria-hidden="true" />}
          loading={unlink.isMutating}
          onClick={() => void remove()}
          aria-label={t('plants.sensor.unlinkLabel', { sensor: link.sensorId })}
        >
          {t('plants.sensor.unlink')}
        </Button>
      </div>
      {latest.length === 0 ? (
        <p className="muted">{t('plants.sensor.noReadings')}</p>
      ) : (
        <dl className="sensor-readings">
          {latest.map((r) => (
            <div key={r.metric}>
              <dt>{t(metricLabels[r.metric])}</dt>
              <dd>
                {number.format(Math.round(r.value * 10) / 10)}
                {units[r.metric]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Suspense fallback={<Skeleton height={180} />}>
        <SensorChart plantId={plantId} link={link} />
      </Suspense>
      <ThresholdForm plantId={plantId} link={link} />
    </li>
  );
}

/** SensorCard: the soil sensors linked to a plant, their newest readings, a chart and the forms. */
export default function SensorCard({ plantId }: { plantId: number }) {
  const sensors = useSensors(plantId);
  const t = useT();
  return (
    <Card aria-label={t('plants.sensor.card')} className="sensor-card">
      <CardHeader icon={<Gauge size={18} />} title={t('plants.sensor.title')} />
      <CardBody>
        {sensors.isLoading ? (
          <LoadingRegion label={t('plants.sensor.loading')}>
            <Skeleton height={18} width="60%" />
            <Skeleton height={120} />
          </LoadingRegion>
        ) : sensors.error ? (
          <p role="alert" className="sensor-card__error">
            {t(SENSORS_LOAD_ERROR)}
          </p>
        ) : (
          <>
            {(sensors.data ?? []).length === 0 ? (
              <p className="muted">{t('plants.sensor.none')}</p>
            ) : (
              <ul className="sensor-list">
                {(sensors.data ?? []).map((l) => (
                  <SensorItem key={l.id} plantId={plantId} link={l} />
                ))}
              </ul>
            )}
            {(sensors.data ?? []).length < 4 ? <LinkSensorForm plantId={plantId} /> : null}
          </>
        )}
      </CardBody>
    </Card>
  );
}
