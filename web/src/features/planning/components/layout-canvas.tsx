import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { t } from '@/lib/i18n/i18n';
import { lengthText, lengthUnit, METRES_PER_FOOT, useUnitSystem } from '@/lib/units';
import type { Bed } from '../api/types';
import {
  HANDLES,
  gridStep,
  handleCursor,
  handlePoint,
  moveRect,
  overlapsAny,
  rectFromDrag,
  resizeRect,
  type Handle,
  type Point,
  type Rect,
  wrapLabel,
} from '../lib/geometry';

/** DEFAULT_BED_COLOR is the fill of a bed without a colour. */
export const DEFAULT_BED_COLOR = '#5a9e4b';

type Drag =
  | { mode: 'draw'; start: Point }
  | { mode: 'move'; index: number; origin: Point; rect: Rect; moved: boolean }
  | { mode: 'resize'; index: number; handle: Handle; rect: Rect };

export interface LayoutCanvasProps {
  /** The layout's name, for the drawing's accessible name and the exported title. */
  name: string;
  width: number;
  height: number;
  beds: Bed[];
  selected?: number | null;
  onSelect?: (index: number | null) => void;
  /** A bed drawn by dragging on empty ground (already snapped and inside the layout). */
  onDraw?: (rect: Rect) => void;
  /** A bed moved or resized. */
  onChange?: (index: number, rect: Rect) => void;
  /** A change refused because beds would overlap. */
  onRefused?: (message: string) => void;
  /** Drawing new beds by dragging (off on phones, where the page scrolls instead). */
  drawEnabled?: boolean;
  /** The fill of each bed (the rotation plan colours beds by group). */
  fillOf?: (bed: Bed, index: number) => string | null;
  /** A line under the bed's name instead of its plantings (the plan shows the group). */
  labelOf?: (bed: Bed, index: number) => string | null;
  onKeyDown?: (event: KeyboardEvent<SVGSVGElement>) => void;
  svgRef?: Ref<SVGSVGElement>;
}

function toFeet(svg: SVGSVGElement, e: { clientX: number; clientY: number }): Point {
  const ctm = svg.getScreenCTM();
  if (!ctm) return { x: 0, y: 0 };
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
  return { x: p.x, y: p.y };
}

function plantingLines(bed: Bed): string[] {
  return bed.plantings.map((p) => `${p.name || t('planning.canvas.plant')} ×${p.count}`);
}

/**
 * LayoutCanvas draws a layout to scale in SVG, one user unit per foot: 1 ft grid squares,
 * labelled axes in feet, the beds with their names and plantings. With the callbacks it is the
 * editor's canvas: drag on empty ground to draw a bed, drag a bed to move it, drag a handle of
 * the selected bed to resize it, all snapped to half a foot and kept inside the layout; a change
 * that would overlap another bed is refused. Styling is in attributes so that the exported SVG
 * looks the same on its own.
 */
export function LayoutCanvas({
  name,
  width,
  height,
  beds,
  selected = null,
  onSelect,
  onDraw,
  onChange,
  onRefused,
  drawEnabled = true,
  fillOf,
  labelOf,
  onKeyDown,
  svgRef,
}: LayoutCanvasProps) {
  const own = useRef<SVGSVGElement | null>(null);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [drag, setDrag] = useState<Drag | null>(null);
  const [preview, setPreview] = useState<Rect | null>(null);
  const interactive = Boolean(onChange);
  // Lengths are kept in feet (the spec's unit, and the half-foot grid's); metric shows metres.
  const system = useUnitSystem();
  const len = (v: number) => lengthText(v, system);
  const u = lengthUnit(system);
  const bounds = { width, height };
  // The drawing's width on screen decides the label step and keeps text readable (11 px at
  // least) from a 375 px phone to a wide desktop.
  const [px, setPx] = useState(760);
  useEffect(() => {
    const el = own.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setPx(el.clientWidth || 760));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const maxDim = Math.max(width, height, 1);
  const pxPerFoot = px / Math.max(width * 1.15, 1);
  const unit = Math.max(maxDim / 50, 0.3);
  const font = Math.max(unit * 1.05, 11 / pxPerFoot);
  const margin = Math.max(unit * 2.6, font * 2.4);
  const step = gridStep(maxDim, maxDim * pxPerFoot);
  const minor = maxDim <= 100 ? 1 : step / 5 >= 1 ? step / 5 : 1;

  const setRefs = (el: SVGSVGElement | null) => {
    own.current = el;
    if (typeof svgRef === 'function') svgRef(el);
    else if (svgRef) (svgRef as { current: SVGSVGElement | null }).current = el;
  };

  const begin = (e: PointerEvent<SVGElement>, d: Drag) => {
    if (!own.current || e.button !== 0) return;
    e.stopPropagation();
    own.current.setPointerCapture?.(e.pointerId);
    setDrag(d);
  };

  const onGroundDown = (e: PointerEvent<SVGElement>) => {
    if (!interactive || !own.current) return;
    onSelect?.(null);
    if (!drawEnabled || !onDraw) return;
    begin(e, { mode: 'draw', start: toFeet(own.current, e) });
  };

  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag || !own.current) return;
    const p = toFeet(own.current, e);
    if (drag.mode === 'draw') setPreview(rectFromDrag(drag.start, p, bounds));
    else if (drag.mode === 'move') {
      const r = moveRect(drag.rect, p.x - drag.origin.x, p.y - drag.origin.y, bounds);
      if (r.x !== drag.rect.x || r.y !== drag.rect.y) setDrag({ ...drag, moved: true });
      setPreview(r);
    } else setPreview(resizeRect(drag.rect, drag.handle, p, bounds));
  };

  const onUp = () => {
    const d = drag;
    const r = preview;
    setDrag(null);
    setPreview(null);
    if (!d || !r) return;
    const self = d.mode === 'draw' ? -1 : d.index;
    const hit = overlapsAny(r, beds, self);
    if (hit >= 0) {
      onRefused?.(t('planning.bed.inTheWay', { bed: beds[hit].name || t('planning.bed.numbered', { n: String(hit + 1) }) }));
      return;
    }
    if (d.mode === 'draw') onDraw?.(r);
    else if (d.mode === 'move' && !d.moved) return;
    else onChange?.(d.index, r);
  };

  const previewBlocked = preview ? overlapsAny(preview, beds, drag && drag.mode !== 'draw' ? drag.index : -1) >= 0 : false;
  // The axes are labelled in the shown unit: every 1, 2, 5… ft, or every 1, 2, 5… m (placed in feet).
  const labelStep = system === 'metric' ? gridStep(maxDim * METRES_PER_FOOT, maxDim * pxPerFoot) : step;
  const tickFeet = system === 'metric' ? labelStep / METRES_PER_FOOT : step;
  const ticks = (side: number) =>
    Array.from({ length: Math.floor(side / tickFeet + 1e-9) + 1 }, (_, i) => ({ at: i * tickFeet, label: i * labelStep }));
  const ticksX = ticks(width);
  const ticksY = ticks(height);
  const linesX = Array.from({ length: Math.floor(width / minor) + 1 }, (_, i) => i * minor);
  const linesY = Array.from({ length: Math.floor(height / minor) + 1 }, (_, i) => i * minor);
  const view = `${-margin} ${-margin} ${width + margin * 1.4} ${height + margin * 1.4}`;

  return (
    <svg
      ref={setRefs}
      className={`pl-canvas${interactive ? ' pl-canvas--edit' : ''}${drawEnabled && interactive ? ' pl-canvas--draw' : ''}`}
      viewBox={view}
      xmlns="http://www.w3.org/2000/svg"
      role="group"
      aria-label={t('planning.canvas.label', { name, width: len(width), height: len(height), system, count: beds.length })}
      tabIndex={interactive ? 0 : undefined}
      onKeyDown={onKeyDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={() => {
        setDrag(null);
        setPreview(null);
      }}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
    >
      <title>{t('planning.canvas.title', { name, width: len(width), height: len(height), unit: u })}</title>
      <rect x={0} y={0} width={width} height={height} fill="#f3f7ee" onPointerDown={onGroundDown} data-testid="layout-ground" />
      <g pointerEvents="none">
        {linesX.map((x) => (
          <line key={`vx${x}`} x1={x} y1={0} x2={x} y2={height} stroke={x % step === 0 ? '#b9c9b0' : '#dbe5d4'} strokeWidth={unit * (x % step === 0 ? 0.08 : 0.04)} />
        ))}
        {linesY.map((y) => (
          <line key={`hy${y}`} x1={0} y1={y} x2={width} y2={y} stroke={y % step === 0 ? '#b9c9b0' : '#dbe5d4'} strokeWidth={unit * (y % step === 0 ? 0.08 : 0.04)} />
        ))}
        <rect x={0} y={0} width={width} height={height} fill="none" stroke="#6d8a63" strokeWidth={unit * 0.14} />
        {ticksX.map((t) => (
          <text key={`tx${t.label}`} x={t.at} y={-font * 0.6} fontSize={font * 0.85} textAnchor="middle" fill="#5a6b5f">
            {t.label}
          </text>
        ))}
        {ticksY.map((t) => (
          <text key={`ty${t.label}`} x={-font * 0.5} y={t.at + font * 0.3} fontSize={font * 0.85} textAnchor="end" fill="#5a6b5f">
            {t.label}
          </text>
        ))}
        <text x={-font * 0.5} y={-font * 0.6} fontSize={font * 0.75} textAnchor="end" fill="#5d6d62">
          {u}
        </text>
      </g>
      {beds.map((bed, i) => {
        const r = drag && drag.mode !== 'draw' && drag.index === i && preview ? preview : bed;
        const color = fillOf?.(bed, i) ?? bed.color ?? DEFAULT_BED_COLOR;
        const isSel = selected === i;
        const pad = Math.min(unit * 0.5, r.width / 6);
        const label = labelOf ? labelOf(bed, i) : null;
        const lines = labelOf ? (label ? [label] : []) : plantingLines(bed);
        // The name keeps a readable size (11 px or more on screen) and wraps within the bed.
        const bedFont = Math.min(Math.max(font * 1.15, 11 / pxPerFoot), r.height / 2.2, r.width / 2.5);
        const nameLines = wrapLabel(
          bed.name,
          (r.width - 2 * pad) / (bedFont * 0.55),
          Math.max(1, Math.floor((r.height - 2 * pad) / (bedFont * 1.1))),
        );
        const nameHeight = nameLines.length * bedFont * 1.1;
        const clipId = `pl-clip-${uid}-${i}`;
        return (
          <g key={bed.id ?? `new-${i}`} data-bed={i}>
            <clipPath id={clipId}>
              <rect x={r.x} y={r.y} width={r.width} height={r.height} />
            </clipPath>
            <rect
              x={r.x}
              y={r.y}
              width={r.width}
              height={r.height}
              rx={Math.min(unit * 0.25, r.width / 8)}
              fill={color}
              fillOpacity={fillOf ? 0.85 : 0.32}
              stroke={isSel ? '#1d4f33' : color}
              strokeWidth={unit * (isSel ? 0.22 : 0.12)}
              role={interactive ? 'button' : undefined}
              aria-label={
                interactive
                  ? t('planning.canvas.bed', {
                      name: bed.name || t('planning.bed.numbered', { n: String(i + 1) }),
                      width: len(r.width),
                      height: len(r.height),
                      unit: u,
                      x: len(r.x),
                      y: len(r.y),
                    })
                  : undefined
              }
              aria-pressed={interactive ? isSel : undefined}
              // A bed is reached with Tab and picked with Enter or Space, like any button; the
              // arrows then move it through the canvas's own key handler (keydown bubbles up).
              tabIndex={interactive ? 0 : undefined}
              onKeyDown={
                interactive
                  ? (e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return;
                      e.preventDefault();
                      onSelect?.(i);
                    }
                  : undefined
              }
              style={interactive ? { cursor: 'move' } : undefined}
              onPointerDown={
                interactive
                  ? (e) => {
                      onSelect?.(i);
                      if (own.current) begin(e, { mode: 'move', index: i, origin: toFeet(own.current, e), rect: bed, moved: false });
                    }
                  : undefined
              }
            />
            <g clipPath={`url(#${clipId})`} pointerEvents="none">
              <text x={r.x + pad} y={r.y + pad + bedFont * 0.9} fontSize={bedFont} fontWeight={700} fill={fillOf ? '#ffffff' : '#1c2b21'}>
                {nameLines.map((line, k) => (
                  <tspan key={k} x={r.x + pad} dy={k === 0 ? 0 : bedFont * 1.1}>
                    {line}
                  </tspan>
                ))}
              </text>
              {lines.map((line, k) => (
                <text
                  key={k}
                  x={r.x + pad}
                  y={r.y + pad + bedFont * 0.9 + nameHeight - bedFont * 1.1 + (k + 1) * bedFont * 0.95}
                  fontSize={bedFont * 0.78}
                  fill={fillOf ? '#ffffff' : '#33463a'}
                >
                  {line}
                </text>
              ))}
              {bed.plantings
                .filter((p) => p.x != null && p.y != null)
                .map((p, k) => (
                  <circle key={`d${k}`} cx={r.x + (p.x ?? 0)} cy={r.y + (p.y ?? 0)} r={unit * 0.28} fill="#2f7d4f" stroke="#ffffff" strokeWidth={unit * 0.06} />
                ))}
            </g>
            {interactive && isSel && !drag
              ? HANDLES.map((h) => {
                  const pt = handlePoint(bed, h);
                  const s = unit * 0.7;
                  return (
                    <rect
                      key={h}
                      data-export="skip"
                      data-handle={h}
                      x={pt.x - s / 2}
                      y={pt.y - s / 2}
                      width={s}
                      height={s}
                      fill="#ffffff"
                      stroke="#1d4f33"
                      strokeWidth={unit * 0.1}
                      style={{ cursor: handleCursor(h) }}
                      onPointerDown={(e) => begin(e, { mode: 'resize', index: i, handle: h, rect: bed })}
                    />
                  );
                })
              : null}
          </g>
        );
      })}
      {preview && drag?.mode === 'draw' ? (
        <g data-export="skip" pointerEvents="none">
          <rect
            x={preview.x}
            y={preview.y}
            width={preview.width}
            height={preview.height}
            fill={previewBlocked ? '#b42318' : DEFAULT_BED_COLOR}
            fillOpacity={0.2}
            stroke={previewBlocked ? '#b42318' : '#2f7d4f'}
            strokeWidth={unit * 0.12}
            strokeDasharray={`${unit * 0.5} ${unit * 0.3}`}
          />
          <text x={preview.x + preview.width / 2} y={preview.y + preview.height / 2 + font * 0.35} fontSize={font} textAnchor="middle" fill="#1d4f33">
            {t('planning.layout.bedSize', { width: len(preview.width), height: len(preview.height), unit: u })}
          </text>
        </g>
      ) : null}
      {preview && drag && drag.mode !== 'draw' && previewBlocked ? (
        <rect
          data-export="skip"
          pointerEvents="none"
          x={preview.x}
          y={preview.y}
          width={preview.width}
          height={preview.height}
          fill="none"
          stroke="#b42318"
          strokeWidth={unit * 0.2}
        />
      ) : null}
    </svg>
  );
}
