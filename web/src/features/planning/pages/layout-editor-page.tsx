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
import { t as translate, translateMessage } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { layoutSchema, useLayout, useLayoutWrites } from '../api/layouts';
import type { Bed, GardenLayout } from '../api/types';
import { BedPanel } from '../components/bed-panel';
import { LayoutCanvas } from '../components/layout-canvas';
import { UnsavedGuard } from '../components/unsaved-guard';
import { useDraft } from '../components/use-draft';
import { lengthText, lengthUnit, parseLength, useUnitSystem } from '@/lib/units';
import { useMedia } from '@/lib/use-media';
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

/** The export buttons name the file formats, the same in every language. */
const SVG = 'SVG';
const PNG = 'PNG';

/** A new layout's draft, named in the shown language. */
const newDraft = (): Draft => ({ name: translate('planning.layout.defaultName'), description: '', width: 20, height: 10, beds: [] });

function draftOf(l: GardenLayout): Draft {
  return { name: l.name, description: l.description, width: l.width, height: l.height, beds: l.beds ?? [] };
}

/** LayoutEditorPage: /planning/garden-layouts/new and /planning/garden-layouts/{id}. */
export function LayoutEditorPage() {
  const { id } = useParams();
  const layoutId = id && /^\d+$/.test(id) ? Number(id) : null;
  const layout = useLayout(layoutId);
  const t = useT();
  useDocumentTitle(layoutId ? (layout.data?.name ?? t('planning.layout.title')) : t('planning.layout.newTitle'));
  if (id && layoutId === null) return <NotFound />;
  if (layoutId && layout.isLoading) {
    return (
      <LoadingRegion label={t('planning.layout.loading')} className="pl-page">
        <Skeleton height={44} width="40%" />
        <Skeleton height={420} />
      </LoadingRegion>
    );
  }
  if (layoutId && (layout.error || !layout.data)) {
    if (layout.error instanceof ApiError && layout.error.status === 404) return <NotFound />;
    return (
      <EmptyState title={t('planning.layout.loadFailed')} action={<Button onClick={() => void layout.mutate()}>{t('common.tryAgain')}</Button>}>
        {getErrorMessage(layout.error, t('planning.tryLater'))}
      </EmptyState>
    );
  }
  return <Editor key={layoutId ?? 'new'} layout={layout.data ?? null} reload={() => layout.mutate()} />;
}

function NotFound() {
  const t = useT();
  return (
    <NotFoundState
      icon={<LayoutGrid size={26} />}
      title={t('planning.layout.notFound')}
      backTo="/planning/garden-layouts"
      backLabel={t('planning.layout.back')}
    />
  );
}

function Editor({ layout, reload }: { layout: GardenLayout | null; reload: () => Promise<GardenLayout | undefined> }) {
  const t = useT();
  const navigate = useNavigate();
  const { toast } = useToast();
  const writes = useLayoutWrites();
  const phone = useMedia('(max-width: 720px)');
  const { draft, commit, undo, canUndo, markSaved, dirty } = useDraft<Draft>(layout ? draftOf(layout) : newDraft());
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
    const timer = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(timer);
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
    if (!r) setNotice(t('planning.layout.noRoom'));
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
      setErrors([t('planning.layout.sideRange', { side: key, min: len(1), max: len(500), system })]);
      setSizeText(shownSize());
      return;
    }
    const next = { ...bounds, [key]: v };
    const outside = draft.beds.find((b) => b.x + b.width > next.width + 1e-6 || b.y + b.height > next.height + 1e-6);
    if (outside) {
      setErrors([t('planning.layout.bedOutside', { bed: outside.name, width: len(next.width), height: len(next.height), unit: u })]);
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
      if (overlapsAny(r, draft.beds, selected) >= 0) setNotice(t('planning.bed.overlap'));
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
      ...(meta.success ? [] : meta.error.issues.map((i) => translateMessage(i.message))),
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
      setErrors([getErrorMessage(error, t('planning.layout.saveFailed'))]);
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
  const status = writes.pending
    ? t('planning.status.saving')
    : isNew
      ? t('planning.status.notSaved')
      : dirty
        ? t('planning.status.unsaved')
        : t('planning.status.saved');
  return (
    <div className="pl-page pl-editor">
      <Link className="pl-back" to="/planning/garden-layouts">
        <ArrowLeft size={16} aria-hidden="true" /> {t('nav.gardenLayouts')}
      </Link>
      <div className="pl-editor__head">
        <div>
          <h1 className="pl-editor__title">{draft.name || t('planning.layout.untitled')}</h1>
          <p className="pl-muted">
            {t('planning.layout.summary', { width: len(draft.width), height: len(draft.height), unit: u, count: draft.beds.length })}
          </p>
        </div>
        <div className="pl-editor__save">
          <span className={`pl-status${dirty || isNew ? ' pl-status--dirty' : ''}`} role="status" aria-live="polite">
            {status}
          </span>
          <Button icon={<Save size={16} aria-hidden="true" />} onClick={() => void save()} loading={writes.pending} disabled={!dirty && !isNew}>
            {t('planning.save')}
          </Button>
        </div>
      </div>
      <div className="pl-tools" role="toolbar" aria-label={t('planning.layout.tools')}>
        <Button variant="outline" size="sm" icon={<Undo2 size={16} aria-hidden="true" />} onClick={undo} disabled={!canUndo}>
          {t('planning.undo')}
        </Button>
        <Button variant="outline" size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={addBedSomewhere}>
          {t('planning.layout.addBed')}
        </Button>
        <Button variant="outline" size="sm" icon={<Download size={16} aria-hidden="true" />} onClick={() => svgRef.current && downloadSvg(svgRef.current, draft.name)}>
          {SVG}
        </Button>
        <Button
          variant="outline"
          size="sm"
          icon={<ImageIcon size={16} aria-hidden="true" />}
          onClick={() =>
            svgRef.current &&
            void downloadPng(svgRef.current, draft.name).catch(() => toast({ title: t('planning.layout.pngFailed'), variant: 'destructive' }))
          }
        >
          {PNG}
        </Button>
        <Button variant="outline" size="sm" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
          {t('planning.layout.print')}
        </Button>
      </div>
      {conflict ? (
        <Alert variant="warning" title={t('planning.layout.conflictTitle')}>
          <p>{t('planning.layout.conflictText')}</p>
          <div className="pl-row">
            <Button size="sm" variant="outline" onClick={() => void loadLatest()}>
              {t('planning.layout.loadLatest')}
            </Button>
            <Button size="sm" onClick={() => void save(true)}>
              {t('planning.layout.saveMine')}
            </Button>
          </div>
        </Alert>
      ) : null}
      {errors.length ? (
        <Alert variant="destructive" title={t('planning.layout.cannotSave')}>
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
            {t('planning.layout.printTitle', { name: draft.name, width: len(draft.width), height: len(draft.height), unit: u })}
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
            {notice ?? (phone ? t('planning.layout.hintPhone') : t('planning.layout.hint'))}
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
            <section className="pl-panel" aria-label={t('planning.layout.panel')}>
              <h2 className="pl-panel__title">{t('planning.layout.panel')}</h2>
              <Field label={t('planning.form.name')} value={draft.name} maxLength={100} onChange={(e) => commit((d) => ({ ...d, name: e.target.value }))} />
              <TextareaField
                label={t('planning.form.description')}
                rows={3}
                value={draft.description}
                onChange={(e) => commit((d) => ({ ...d, description: e.target.value }))}
              />
              <div className="pl-dims">
                {(['width', 'height'] as const).map((side) => (
                  <Field
                    key={side}
                    label={side === 'width' ? t('planning.size.width', { unit: u }) : t('planning.size.length', { unit: u })}
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
                  <h3 className="pl-panel__sub">{t('planning.layout.beds')}</h3>
                  <ul className="pl-bedlist" aria-label={t('planning.layout.beds')}>
                    {draft.beds.map((b, i) => (
                      <li key={b.id ?? `n${i}`}>
                        <button type="button" className="pl-bedlist__item" onClick={() => setSelected(i)}>
                          <span className="pl-dot" style={{ background: b.color ?? '#5a9e4b' }} aria-hidden="true" />
                          <span className="pl-bedlist__name">{b.name}</span>
                          <span className="pl-muted pl-small">
                            {b.plantings.length
                              ? t('planning.layout.bedSizePlanted', { width: len(b.width), height: len(b.height), unit: u, count: b.plantings.length })
                              : t('planning.layout.bedSize', { width: len(b.width), height: len(b.height), unit: u })}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="pl-muted pl-small">{phone ? t('planning.layout.noBedsPhone') : t('planning.layout.noBeds')}</p>
              )}
            </section>
          )}
        </aside>
      </div>
      <UnsavedGuard when={dirty && !writes.pending} what="layout" bypass={leaving} />
    </div>
  );
}
