import { ArrowLeft, Download, Image as ImageIcon, LayoutGrid, Plus, Printer, Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { Field } from '@/components/ui/input';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { layoutSchema, useLayout, useLayoutWrites } from '../api/layouts';
import type { Bed, GardenLayout } from '../api/types';
import { BedPanel } from '../components/bed-panel';
import { LayoutCanvas } from '../components/layout-canvas';
import { UnsavedGuard } from '../components/unsaved-guard';
import { useDraft } from '../components/use-draft';
import { lengthText, lengthUnit, lengthWord, parseLength, useUnitSystem } from '@/lib/units';
import { useMedia } from '../components/use-media';
import { downloadPng, downloadSvg } from '../lib/export';
import { bedProblems, freeSpot, moveRect, nextBedName, overlapsAny, resizeRect, type Rect } from '../lib/geometry';
import '../planning.css';

/** What the editor changes: the layout's own fields and its beds. */
interface Draft {
  name: string;
  description: string;
  width: number;
  height: number;
  beds: Bed[];
}

const NEW_DRAFT: Draft = { name: 'My garden', description: '', width: 20, height: 10, beds: [] };

function draftOf(l: GardenLayout): Draft {
  return { name: l.name, description: l.description, width: l.width, height: l.height, beds: l.beds ?? [] };
}

/** LayoutEditorPage: /planning/garden-layouts/new and /planning/garden-layouts/{id}. */
export function LayoutEditorPage() {
  const { id } = useParams();
  const layoutId = id && /^\d+$/.test(id) ? Number(id) : null;
  const layout = useLayout(layoutId);
  useDocumentTitle(layoutId ? (layout.data?.name ?? 'Garden Layout') : 'New Garden Layout');
  if (id && layoutId === null) return <NotFound />;
  if (layoutId && layout.isLoading) {
    return (
      <LoadingRegion label="Loading the layout…" className="pl-page">
        <Skeleton height={44} width="40%" />
        <Skeleton height={420} />
      </LoadingRegion>
    );
  }
  if (layoutId && (layout.error || !layout.data)) {
    if (layout.error instanceof ApiError && layout.error.status === 404) return <NotFound />;
    return (
      <EmptyState title="Failed to load the garden layout" action={<Button onClick={() => void layout.mutate()}>Try again</Button>}>
        {getErrorMessage(layout.error, 'Please try again later.')}
      </EmptyState>
    );
  }
  return <Editor key={layoutId ?? 'new'} layout={layout.data ?? null} reload={() => layout.mutate()} />;
}

function NotFound() {
  return <NotFoundState icon={<LayoutGrid size={26} />} title="Garden layout not found" backTo="/planning/garden-layouts" backLabel="Back to Garden Layouts" />;
}

function Editor({ layout, reload }: { layout: GardenLayout | null; reload: () => Promise<GardenLayout | undefined> }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const writes = useLayoutWrites();
  const phone = useMedia('(max-width: 720px)');
  const { draft, commit, undo, canUndo, markSaved, dirty } = useDraft<Draft>(layout ? draftOf(layout) : NEW_DRAFT);
  const [version, setVersion] = useState(layout?.version ?? 0);
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  // Sizes are kept in feet; the fields show and take the gardener's unit (metres when metric).
  const system = useUnitSystem();
  const len = (v: number) => lengthText(v, system);
  const u = lengthUnit(system);
  const shownSize = () => ({ width: len(draft.width), height: len(draft.height) });
  const [sizeText, setSizeText] = useState(shownSize);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const leaving = useRef(false);
  const isNew = layout === null;
  const bounds = { width: draft.width, height: draft.height };
  const bed = selected !== null ? draft.beds[selected] : undefined;

  // eslint-disable-next-line react-hooks/exhaustive-deps -- shownSize changes with these only
  useEffect(() => setSizeText(shownSize()), [draft.width, draft.height, system]);
  useEffect(() => {
    if (selected !== null && selected >= draft.beds.length) setSelected(null);
  }, [draft.beds.length, selected]);
  useEffect(() => {
    // On a phone the bed form is under the drawing: bring it into view when a bed is tapped.
    if (phone && selected !== null) document.querySelector('.pl-editor__side')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [phone, selected]);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  const setBeds = (beds: Bed[]) => commit((d) => ({ ...d, beds }));
  const changeBed = (i: number, b: Bed) => setBeds(draft.beds.map((x, j) => (j === i ? b : x)));
  const placeBed = (i: number, r: Rect) => changeBed(i, { ...draft.beds[i], ...r });
  const addBed = (r: Rect) => {
    const b: Bed = { name: nextBedName(draft.beds), ...r, color: null, plantings: [] };
    setBeds([...draft.beds, b]);
    setSelected(draft.beds.length);
  };
  const addBedSomewhere = () => {
    const r = freeSpot({ width: Math.min(4, draft.width), height: Math.min(4, draft.height) }, draft.beds, bounds) ??
      freeSpot({ width: 1, height: 1 }, draft.beds, bounds);
    if (!r) setNotice('There is no free ground left for another bed.');
    else addBed(r);
  };
  const deleteBed = (i: number) => {
    setBeds(draft.beds.filter((_, j) => j !== i));
    setSelected(null);
  };

  const applySize = (key: 'width' | 'height') => {
    // Left as shown, a side keeps its exact feet; typed, it is read in the shown unit.
    const text = sizeText[key];
    const v = text === len(draft[key]) ? draft[key] : system === 'metric' ? parseLength(text, system) : Number(text);
    if (!Number.isFinite(v) || v < 1 || v > 500) {
      setErrors([`${key === 'width' ? 'Width' : 'Height'} must be between ${len(1)} and ${len(500)} ${lengthWord(system)}`]);
      setSizeText(shownSize());
      return;
    }
    const next = { ...bounds, [key]: v };
    const outside = draft.beds.find((b) => b.x + b.width > next.width + 1e-6 || b.y + b.height > next.height + 1e-6);
    if (outside) {
      setErrors([`${outside.name} would lie outside a ${len(next.width)} × ${len(next.height)} ${u} layout: move or resize it first`]);
      setSizeText(shownSize());
      return;
    }
    setErrors([]);
    if (v !== draft[key]) commit((d) => ({ ...d, [key]: v }));
  };

  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      undo();
      return;
    }
    if (selected === null || !bed) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-0.5, 0], ArrowRight: [0.5, 0], ArrowUp: [0, -0.5], ArrowDown: [0, 0.5] };
    if (e.key in arrows) {
      e.preventDefault();
      const [dx, dy] = arrows[e.key];
      const r = e.shiftKey
        ? resizeRect(bed, dx ? 'e' : 's', { x: bed.x + bed.width + dx, y: bed.y + bed.height + dy }, bounds)
        : moveRect(bed, dx, dy, bounds);
      if (overlapsAny(r, draft.beds, selected) >= 0) setNotice('Beds cannot overlap');
      else placeBed(selected, r);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      deleteBed(selected);
    } else if (e.key === 'Escape') {
      setSelected(null);
    }
  };

  const save = async (force = false) => {
    const meta = layoutSchema.safeParse({ name: draft.name, description: draft.description, width: draft.width, height: draft.height });
    const problems = [
      ...(meta.success ? [] : meta.error.issues.map((i) => i.message)),
      ...bedProblems(draft.beds, bounds).map((p) => p.message),
    ];
    setErrors(problems);
    if (problems.length || !meta.success) return;
    try {
      let saved: GardenLayout;
      if (isNew) {
        saved = await writes.create(meta.data, draft.beds);
      } else {
        let v = version;
        if (force) v = (await reload())?.version ?? v;
        // One transaction: a resized layout and its moved beds are saved together.
        saved = await writes.saveBeds(layout.id, v, draft.beds, meta.data);
      }
      setConflict(false);
      setVersion(saved.version);
      markSaved(draftOf(saved), true);
      // The status line says "All changes saved"; a toast would sit over the Save button.
      if (isNew) {
        leaving.current = true;
        void navigate(`/planning/garden-layouts/${saved.id}`, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(true);
        return;
      }
      setErrors([getErrorMessage(error, 'The layout could not be saved. Please try again.')]);
    }
  };

  const loadLatest = async () => {
    const latest = await reload();
    if (latest) {
      setVersion(latest.version);
      markSaved(draftOf(latest));
      setSelected(null);
    }
    setConflict(false);
  };

  // A layout that was never saved says so, changed or not (issue 27: it said "All changes saved").
  const status = writes.pending ? 'Saving…' : isNew ? 'Not saved yet' : dirty ? 'Unsaved changes' : 'All changes saved';
  return (
    <div className="pl-page pl-editor">
      <Link className="pl-back" to="/planning/garden-layouts">
        <ArrowLeft size={16} aria-hidden="true" /> Garden Layouts
      </Link>
      <div className="pl-editor__head">
        <div>
          <h1 className="pl-editor__title">{draft.name || 'Untitled layout'}</h1>
          <p className="pl-muted">
            {len(draft.width)} {u} × {len(draft.height)} {u} · {draft.beds.length} {draft.beds.length === 1 ? 'bed' : 'beds'}
          </p>
        </div>
        <div className="pl-editor__save">
          <span className={`pl-status${dirty || isNew ? ' pl-status--dirty' : ''}`} role="status" aria-live="polite">
            {status}
          </span>
          <Button icon={<Save size={16} aria-hidden="true" />} onClick={() => void save()} loading={writes.pending} disabled={!dirty && !isNew}>
            Save
          </Button>
        </div>
      </div>
      <div className="pl-tools" role="toolbar" aria-label="Layout tools">
        <Button variant="outline" size="sm" icon={<Undo2 size={16} aria-hidden="true" />} onClick={undo} disabled={!canUndo}>
          Undo
        </Button>
        <Button variant="outline" size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={addBedSomewhere}>
          Add bed
        </Button>
        <Button variant="outline" size="sm" icon={<Download size={16} aria-hidden="true" />} onClick={() => svgRef.current && downloadSvg(svgRef.current, draft.name)}>
          SVG
        </Button>
        <Button
          variant="outline"
          size="sm"
          icon={<ImageIcon size={16} aria-hidden="true" />}
          onClick={() =>
            svgRef.current &&
            void downloadPng(svgRef.current, draft.name).catch(() => toast({ title: 'Could not make the PNG', variant: 'destructive' }))
          }
        >
          PNG
        </Button>
        <Button variant="outline" size="sm" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {conflict ? (
        <Alert variant="warning" title="This layout was changed elsewhere">
          <p>Someone (perhaps you, in another tab) saved this layout after you opened it. Your drawing is still here.</p>
          <div className="pl-row">
            <Button size="sm" variant="outline" onClick={() => void loadLatest()}>
              Load the latest (discard mine)
            </Button>
            <Button size="sm" onClick={() => void save(true)}>
              Save mine over it
            </Button>
          </div>
        </Alert>
      ) : null}
      {errors.length ? (
        <Alert variant="destructive" title="The layout cannot be saved yet">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="pl-editor__body">
        <div className="pl-editor__canvas pl-print-area">
          <p className="pl-print-only pl-print-title">
            {draft.name} — {len(draft.width)} × {len(draft.height)} {u}
          </p>
          <LayoutCanvas
            svgRef={svgRef}
            name={draft.name}
            width={draft.width}
            height={draft.height}
            beds={draft.beds}
            selected={selected}
            onSelect={setSelected}
            onDraw={addBed}
            onChange={placeBed}
            onRefused={setNotice}
            drawEnabled={!phone}
            onKeyDown={onKey}
          />
          <p className="pl-hint" role="status">
            {notice ??
              (phone
                ? 'Tap a bed to edit it, or add one with Add bed.'
                : 'Drag on empty ground to draw a bed. Drag a bed to move it, its handles to resize. Ctrl+Z undoes.')}
          </p>
        </div>
        <aside className="pl-editor__side">
          {bed && selected !== null ? (
            <BedPanel
              bed={bed}
              index={selected}
              beds={draft.beds}
              bounds={bounds}
              onChange={(b) => changeBed(selected, b)}
              onDelete={() => deleteBed(selected)}
              onClose={() => setSelected(null)}
            />
          ) : (
            <section className="pl-panel" aria-label="Layout">
              <h2 className="pl-panel__title">Layout</h2>
              <Field label="Name" value={draft.name} maxLength={100} onChange={(e) => commit((d) => ({ ...d, name: e.target.value }))} />
              <TextareaField
                label="Description"
                rows={3}
                value={draft.description}
                onChange={(e) => commit((d) => ({ ...d, description: e.target.value }))}
              />
              <div className="pl-dims">
                {(['width', 'height'] as const).map((side) => (
                  <Field
                    key={side}
                    label={side === 'width' ? `Width (${u})` : `Length (${u})`}
                    type="number"
                    inputMode="decimal"
                    step={system === 'metric' ? 0.01 : undefined}
                    min={len(1)}
                    max={len(500)}
                    value={sizeText[side]}
                    onChange={(e) => setSizeText((s) => ({ ...s, [side]: e.target.value }))}
                    onBlur={() => applySize(side)}
                    onKeyDown={(e) => e.key === 'Enter' && applySize(side)}
                  />
                ))}
              </div>
              {draft.beds.length ? (
                <>
                  <h3 className="pl-panel__sub">Beds</h3>
                  <ul className="pl-bedlist" aria-label="Beds">
                    {draft.beds.map((b, i) => (
                      <li key={b.id ?? `n${i}`}>
                        <button type="button" className="pl-bedlist__item" onClick={() => setSelected(i)}>
                          <span className="pl-dot" style={{ background: b.color ?? '#5a9e4b' }} aria-hidden="true" />
                          <span className="pl-bedlist__name">{b.name}</span>
                          <span className="pl-muted pl-small">
                            {len(b.width)} × {len(b.height)} {u}
                            {b.plantings.length ? ` · ${b.plantings.length} planted` : ''}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="pl-muted pl-small">No beds yet. {phone ? 'Use Add bed.' : 'Drag on the grid to draw one.'}</p>
              )}
            </section>
          )}
        </aside>
      </div>
      <UnsavedGuard when={dirty && !writes.pending} what="changes to this layout" bypass={leaving} />
    </div>
  );
}
