import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Segmented } from '@/components/ui/segmented';
import { useT } from '@/lib/i18n/provider';
import { convertAmount, totalUnit, useUnitSystem } from '@/lib/units';
import { COMMON_UNIT, KIND_LABEL, type HarvestStats, type UnitKind } from '../api/types';
import { kindsIn, monthlySeries, spanLabel, yearOnYearRows } from './chart-data';
import { formatAmount, unitName } from './format';

/** Series colours: the app's greens first, then colours that stay apart from them. */
const PALETTE = ['#2f7d4f', '#e08a1e', '#3b82c4', '#b4475c', '#7a5cc2', '#8aa33b', '#1f9c9c', '#c2653a', '#5c6b8a', '#a3803b'];

/**
 * HarvestCharts (loaded with the Charts tab, so recharts stays out of the rest of the app):
 * the monthly totals per plant for the period as stacked bars, and each plant's total set
 * beside the same dates a year before. Amounts of one kind at a time, in kg, items or litres.
 */
export default function HarvestCharts({ stats: raw }: { stats: HarvestStats }) {
  // The server's totals are in kg, items and litres; the charts show the gardener's system.
  const t = useT();
  const system = useUnitSystem();
  const stats = useMemo(() => statsIn(raw, system), [raw, system]);
  const kinds = useMemo(() => kindsIn(stats), [stats]);
  const [picked, setPicked] = useState<UnitKind | null>(null);
  const kind = picked && kinds.includes(picked) ? picked : kinds[0];
  if (!kind) {
    return <p className="harvest-charts__empty">{t('harvests.charts.none')}</p>;
  }
  const unit = unitName(totalUnit(kind, system));
  const monthly = monthlySeries(stats.monthly, kind, stats.range);
  const yoy = yearOnYearRows(stats.yearOnYear.plants, kind);
  const currentLabel = spanLabel(stats.yearOnYear.current);
  const previousLabel = spanLabel(stats.yearOnYear.previous);
  const tooltip = (value: unknown) => `${formatAmount(Number(value))} ${unit}`;
  // The greens of the dark theme (styles/index.css) keep the bars apart from a dark page; the
  // grid, ticks, legend and tooltip take the theme's tokens (harvest-tracking-page.css).
  const dark = document.documentElement.dataset.theme === 'dark';
  const palette = dark ? ['#6cc48d', ...PALETTE.slice(1)] : PALETTE;

  return (
    <div className="harvest-charts">
      {kinds.length > 1 ? (
        <Segmented
          label={t('harvests.charts.measure')}
          value={kind}
          onChange={setPicked}
          options={kinds.map((k) => ({ value: k, label: t('harvests.charts.kindOption', { kind: t(KIND_LABEL[k]), unit: unitName(totalUnit(k, system)) }) }))}
        />
      ) : null}
      <figure className="harvest-chart">
        <figcaption className="harvest-chart__title">
          {t('harvests.charts.monthly')} <span>({unit})</span>
        </figcaption>
        {monthly.rows.length === 0 ? (
          <p className="harvest-charts__empty">{t('harvests.charts.noneOfKind')}</p>
        ) : (
          <div className="harvest-chart__canvas" role="img" aria-label={t('harvests.charts.monthlyLabel', { kind, unit })}>
            <ResponsiveContainer width="100%" height={300}>
              <BarChart data={monthly.rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
                <YAxis tick={{ fontSize: 12 }} width={48} tickFormatter={(v: number) => formatAmount(v)} />
                <Tooltip formatter={tooltip} />
                <Legend wrapperStyle={{ fontSize: 13 }} />
                {monthly.series.map((s, i) => (
                  <Bar key={s.key} dataKey={s.key} name={s.name} stackId="plants" fill={palette[i % palette.length]} maxBarSize={56} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </figure>
      <figure className="harvest-chart">
        <figcaption className="harvest-chart__title">
          {t('harvests.charts.yearOnYear', { current: currentLabel, previous: previousLabel })} <span>({unit})</span>
        </figcaption>
        {yoy.length === 0 ? (
          <p className="harvest-charts__empty">{t('harvests.charts.nothingToCompare')}</p>
        ) : (
          <div className="harvest-chart__canvas" role="img" aria-label={t('harvests.charts.yearOnYearLabel', { current: currentLabel, previous: previousLabel, unit })}>
            <ResponsiveContainer width="100%" height={Math.max(180, 56 + yoy.length * 44)}>
              <BarChart data={yoy} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatAmount(v)} />
                <YAxis type="category" dataKey="plantName" tick={{ fontSize: 12 }} width={96} />
                <Tooltip formatter={tooltip} />
                <Legend wrapperStyle={{ fontSize: 13 }} />
                <Bar dataKey="previous" name={previousLabel} fill={dark ? '#3b6a4b' : '#97cba3'} maxBarSize={24} isAnimationActive={false} />
                <Bar dataKey="current" name={currentLabel} fill={palette[0]} maxBarSize={24} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </figure>
    </div>
  );
}

/** statsIn: the monthly and year-on-year amounts in the system's units (kg → lb, litres → gal). */
function statsIn(stats: HarvestStats, system: 'metric' | 'imperial'): HarvestStats {
  const factor = (kind: UnitKind) => convertAmount(1, COMMON_UNIT[kind], totalUnit(kind, system)) ?? 1;
  if (system === 'metric') return stats; // the server's totals are metric already
  return {
    ...stats,
    monthly: stats.monthly.map((m) => ({ ...m, amount: m.amount * factor(m.kind) })),
    yearOnYear: {
      ...stats.yearOnYear,
      plants: stats.yearOnYear.plants.map((p) => ({ ...p, current: p.current * factor(p.kind), previous: p.previous * factor(p.kind) })),
    },
  };
}
