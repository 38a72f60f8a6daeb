import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Skeleton } from '@/components/ui/skeleton';
import { currentLocale } from '@/lib/i18n/locale';
import { useT } from '@/lib/i18n/provider';
import { useSensorReadings, type SensorLink } from '../api/sensors';

const dayHour = (iso: string) =>
  new Date(iso).toLocaleString(currentLocale(), { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * SensorChart (loaded with the sensor card, so recharts stays out of the first load): the last
 * seven days of a sensor's soil moisture, with the threshold as a dashed line.
 */
export default function SensorChart({ plantId, link }: { plantId: number; link: SensorLink }) {
  const readings = useSensorReadings(plantId, link.id, 'moisture', 7 * 24);
  const t = useT();
  if (readings.isLoading) return <Skeleton height={180} />;
  if (readings.error) {
    return (
      <p className="sensor-chart__empty" role="alert">
        {t('plants.sensor.chartFailed')}
      </p>
    );
  }
  const rows = (readings.data ?? []).map((r) => ({ at: r.at, value: Math.round(r.value * 10) / 10 }));
  if (rows.length === 0) {
    return <p className="sensor-chart__empty">{t('plants.sensor.chartNone')}</p>;
  }
  return (
    <div className="sensor-chart" role="img" aria-label={t('plants.sensor.chartLabel', { sensor: link.sensorId })}>
      <ResponsiveContainer width="100%" height={180}>
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e0e7dc" />
          <XAxis dataKey="at" tickFormatter={dayHour} tick={{ fontSize: 12 }} minTickGap={32} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fontSize: 12 }} width={44} tickFormatter={(v: number) => `${v}%`} />
          <Tooltip labelFormatter={(v) => dayHour(String(v))} formatter={(v) => [`${String(v)} %`, t('plants.sensor.moisture')]} />
          {link.moistureBelow !== null ? (
            <ReferenceLine y={link.moistureBelow} stroke="#b4475c" strokeDasharray="4 4" />
          ) : null}
          <Line type="monotone" dataKey="value" stroke="#2f7d4f" dot={false} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
