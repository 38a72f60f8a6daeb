import { Trash, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/input';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { lengthText, lengthUnit, parseLength, shownLength, useUnitSystem, type UnitSystem } from '@/lib/units';
import type { Bed, Planting } from '../api/types';
import { MIN_BED, insideBounds, overlapsAny, type Rect, type Size } from '../lib/geometry';
import { DEFAULT_BED_COLOR } from './layout-canvas';
import { PlantingPicker } from './planting-picker';

/** The bed colours offered in one click; any other is one pick away. */
export const BED_COLORS = ['#5a9e4b', '#2e7d32', '#8d6e63', '#e65100', '#f9a825', '#3949ab', '#8e24aa', '#c62828', '#00838f'];

type Dim = 'x' | 'y' | 'width' | 'height';
/** The typed fields, labelled in the shown unit ("Width (ft)", "Width (m)"). */
const dimFields = (u: string): { key: Dim; label: string }[] => [
  { key: 'x', label: t('planning.bed.x', { unit: u }) },
  { key: 'y', label: t('planning.bed.y', { unit: u }) },
  { key: 'width', label: t('planning.size.width', { unit: u }) },
  { key: 'height', label: t('planning.size.length', { unit: u }) },
];

/**
 * checkPlace says why a typed size or position cannot be used: too small, outside the layout
 * or on top of another bed; null when it fits.
 */
export function checkPlace(r: Rect, others: Bed[], bounds: Size, self: number, system: UnitSystem = 'imperial'): string | null {
  const len = (v: number) => lengthText(v, system);
  if (![r.x, r.y, r.width, r.height].every(Number.isFinite)) return t('planning.bed.enterNumber', { system });
  if (r.width < MIN_BED || r.height < MIN_BED) return t('planning.bed.minSize', { min: len(MIN_BED), system });
  if (!insideBounds(r, bounds)) {
    return t('planning.bed.outside', { width: len(bounds.width), height: len(bounds.height), unit: lengthUnit(system) });
  }
  const hit = overlapsAny(r, others, self);
  if (hit >= 0) return t('planning.bed.inTheWay', { bed: others[hit].name || t('planning.bed.numbered', { n: String(hit + 1) }) });
  return null;
}

/**
 * PlantingSpot sets where in the bed a planting sits (feet from the bed's top-left corner, drawn
 * as a dot), or nowhere in particular when both are blank.
 */
function PlantingSpot({ planting, bed, onChange }: { planting: Planting; bed: Bed; onChange: (spot: { x: number | null; y: number | null }) => void }) {
  const t = useT();
  const system = useUnitSystem();
  const shown = (v: number | null | undefined) => (v == null ? '' : lengthText(v, system));
  const [x, setX] = useState(shown(planting.x));
  const [y, setY] = useState(shown(planting.y));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setX(shown(planting.x));
    setY(shown(planting.y));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown changes with system only
  }, [planting.x, planting.y, system]);
  const apply = () => {
    if (x.trim() === '' && y.trim() === '') {
      setError(null);
      if (planting.x != null) onChange({ x: null, y: null });
      return;
    }
    // A field left as shown keeps the exact stored feet; a typed one is read in the shown unit.
    const nx = x === shown(planting.x) && planting.x != null ? planting.x : parseLength(x, system);
    const ny = y === shown(planting.y) && planting.y != null ? planting.y : parseLength(y, system);
    if (x.trim() === '' || y.trim() === '' || !(nx >= 0 && nx <= bed.width && ny >= 0 && ny <= bed.height)) {
      setError(t('planning.planting.inside'));
      return;
    }
    setError(null);
    if (nx !== planting.x || ny !== planting.y) onChange({ x: nx, y: ny });
  };
  const input = (label: string, value: string, set: (v: string) => void) => (
    <input
      className="input pl-plantings__spot"
      type="number"
      inputMode="decimal"
      step={system === 'metric' ? 0.01 : 0.5}
      min={0}
      aria-label={t('planning.planting.spot', { axis: label, name: planting.name, unit: lengthUnit(system) })}
      placeholder={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
    />
  );
  return (
    <div className="pl-plantings__where">
      <span className="pl-muted pl-small">{t('planning.planting.at', { unit: lengthUnit(system) })}</span>
      {input('X', x, setX)}
      {input('Y', y, setY)}
      {error ? <span className="pl-error">{error}</span> : null}
    </div>
  );
}

/**
 * BedPanel edits the selected bed: name, colour, typed position and size (applied on Enter or
 * when leaving the field, refused with a reason when it does not fit), plantings, delete.
 */
export function BedPanel({
  bed,
  index,
  beds,
  bounds,
  onChange,
  onDelete,
  onClose,
}: {
  bed: Bed;
  index: number;
  beds: Bed[];
  bounds: Size;
  onChange: (bed: Bed) => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const system = useUnitSystem();
  const u = lengthUnit(system);
  const shownDims = () => ({
    x: lengthText(bed.x, system),
    y: lengthText(bed.y, system),
    width: lengthText(bed.width, system),
    height: lengthText(bed.height, system),
  });
  const [name, setName] = useState(bed.name);
  const [dims, setDims] = useState<Record<Dim, string>>({ x: '', y: '', width: '', height: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setName(bed.name);
    setDims(shownDims());
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shownDims changes with these only
  }, [bed.name, bed.x, bed.y, bed.width, bed.height, index, system]);

  const applyDims = () => {
    // A field left as shown keeps the bed's exact feet (1.22 m stays 4 ft, not 4.0026); a typed
    // one is read in the shown unit and kept in feet.
    const shown = shownDims();
    const read = (key: Dim) => (dims[key] === shown[key] ? bed[key] : system === 'metric' ? parseLength(dims[key], system) : Number(dims[key]));
    const r = { x: read('x'), y: read('y'), width: read('width'), height: read('height') };
    if (r.x === bed.x && r.y === bed.y && r.width === bed.width && r.height === bed.height) return;
    const problem = checkPlace(r, beds, bounds, index, system);
    setError(problem);
    if (!problem) onChange({ ...bed, ...r });
    // A refused value goes back to the bed's, so the next field typed is not refused with it.
    else setDims(shown);
  };
  const applyName = () => {
    const n = name.trim();
    if (!n) {
      setError(t('planning.bed.nameRequired'));
      setName(bed.name);
      return;
    }
    setError(null);
    if (n !== bed.name) onChange({ ...bed, name: n });
  };
  const setPlantings = (plantings: Planting[]) => onChange({ ...bed, plantings });

  return (
    <section className="pl-panel" aria-label={t('planning.bed.panel', { name: bed.name })}>
      <header className="pl-panel__head">
        <h2 className="pl-panel__title">{bed.name || t('planning.bed.bed')}</h2>
        <Button variant="ghost" size="icon" aria-label={t('planning.bed.close')} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </Button>
      </header>
      <Field
        label={t('planning.bed.name')}
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        onBlur={applyName}
        onKeyDown={(e) => e.key === 'Enter' && applyName()}
      />
      <fieldset className="pl-fieldset">
        <legend>{t('planning.bed.colour')}</legend>
        <div className="pl-swatches">
          {BED_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              className="pl-swatch"
              style={{ background: c }}
              aria-label={t('planning.bed.colourValue', { colour: c })}
              aria-pressed={(bed.color ?? DEFAULT_BED_COLOR) === c}
              onClick={() => onChange({ ...bed, color: c })}
            />
          ))}
          <input
            type="color"
            className="pl-swatch pl-swatch--pick"
            aria-label={t('planning.bed.otherColour')}
            value={bed.color ?? DEFAULT_BED_COLOR}
            onChange={(e) => onChange({ ...bed, color: e.target.value })}
          />
        </div>
      </fieldset>
      <fieldset className="pl-fieldset">
        <legend>{t('planning.bed.position', { system })}</legend>
        <div className="pl-dims">
          {dimFields(u).map((d) => (
            <Field
              key={d.key}
              label={d.label}
              type="number"
              inputMode="decimal"
              step={system === 'metric' ? 0.01 : 0.5}
              min={d.key === 'x' || d.key === 'y' ? 0 : shownLength(MIN_BED, system)}
              value={dims[d.key]}
              onChange={(e) => setDims((v) => ({ ...v, [d.key]: e.target.value }))}
              onBlur={applyDims}
              onKeyDown={(e) => e.key === 'Enter' && applyDims()}
            />
          ))}
        </div>
        {error ? (
          <p className="pl-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="pl-muted pl-small">
            {t('planning.bed.arrows', { system })}
          </p>
        )}
      </fieldset>
      <fieldset className="pl-fieldset">
        <legend>{t('planning.bed.plantings')}</legend>
        {bed.plantings.length === 0 ? <p className="pl-muted pl-small">{t('planning.bed.nothingPlanted')}</p> : null}
        <ul className="pl-plantings" aria-label={t('planning.bed.plantingsIn', { name: bed.name })}>
          {bed.plantings.map((p, k) => (
            <li key={`${p.plantId ?? 'd' + p.plantDatabaseId}-${k}`} className="pl-plantings__item">
              <span className="pl-plantings__name">
                {p.name}
                <span className="pl-muted pl-small">{' · '}
                  {p.plantId ? t('planning.bed.myPlant') : t('planning.bed.fromDatabase')}</span>
              </span>
              <input
                className="input pl-plantings__count"
                type="number"
                min={1}
                max={10000}
                aria-label={t('planning.bed.countOf', { name: p.name })}
                value={p.count}
                onChange={(e) => {
                  const n = Math.max(1, Math.min(10000, Math.round(Number(e.target.value)) || 1));
                  setPlantings(bed.plantings.map((q, j) => (j === k ? { ...q, count: n } : q)));
                }}
              />
              <Button variant="ghost" size="icon" aria-label={t('planning.bed.remove', { name: p.name })} onClick={() => setPlantings(bed.plantings.filter((_, j) => j !== k))}>
                <X size={16} aria-hidden="true" />
              </Button>
              <PlantingSpot
                planting={p}
                bed={bed}
                onChange={(spot) => setPlantings(bed.plantings.map((q, j) => (j === k ? { ...q, ...spot } : q)))}
              />
            </li>
          ))}
        </ul>
        <PlantingPicker onAdd={(p) => setPlantings([...bed.plantings, p])} />
      </fieldset>
      <Button variant="danger" icon={<Trash size={16} aria-hidden="true" />} onClick={onDelete}>
        {t('planning.bed.delete')}
      </Button>
    </section>
  );
}
