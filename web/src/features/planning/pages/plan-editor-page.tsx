import { AlertTriangle, ArrowLeft, RefreshCw, Save, Settings2, Sparkles, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, getErrorMessage } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { Segmented } from '@/components/ui/segmented';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLayout } from '../api/layouts';
import { DEFAULT_GROUP_COLOR, planBody, useGroups, usePlan, useRotationWrites, type PlanFields } from '../api/rotation';
import type { RotationGroup, RotationPlan } from '../api/types';
import { GroupDot } from '../components/group-dot';
import { LayoutCanvas } from '../components/layout-canvas';
import { PlanSettingsForm } from '../components/plan-settings-form';
import { UnsavedGuard } from '../components/unsaved-guard';
import { useDraft } from '../components/use-draft';
import {
  cellKey,
  cellsFrom,
  checkRotation,
  planYears,
  rotate,
  rowKey,
  setCell,
  cellColors,
  toAssignments,
  yearRange,
  type Cells,
  type GridRow,
} from '../lib/plan-grid';
import '../planning.css';

/** PlanEditorPage: /planning/crop-rotation/new and /planning/crop-rotation/{id}. */
export function PlanEditorPage() {
  const { id } = useParams();
  const planId = id && /^\d+$/.test(id) ? Number(id) : null;
  const plan = usePlan(planId);
  const t = useT();
  useDocumentTitle(planId ? (plan.data?.name ?? t('planning.plan.title')) : t('planning.plan.newTitle'));
  if (!planId) return id ? <NotFound /> : <NewPlan />;
  if (plan.isLoading) {
    return (
      <LoadingRegion label={t('planning.plan.loading')} className="pl-page">
        <Skeleton height={44} width="40%" />
        <Skeleton height={320} />
      </LoadingRegion>
    );
  }
  if (plan.error || !plan.data) {
    if (plan.error instanceof ApiError && plan.error.status === 404) return <NotFound />;
    return (
      <EmptyState title={t('planning.plan.loadFailed')} action={<Button onClick={() => void plan.mutate()}>{t('common.tryAgain')}</Button>}>
        {getErrorMessage(plan.error, t('planning.tryLater'))}
      </EmptyState>
    );
  }
  return <PlanEditor key={`${plan.data.id}-${plan.data.updatedAt}`} plan={plan.data} />;
}

function NotFound() {
  const t = useT();
  return (
    <NotFoundState
      icon={<RefreshCw size={26} />}
      title={t('planning.plan.notFound')}
      backTo="/planning/crop-rotation"
      backLabel={t('planning.plan.back')}
    />
  );
}

function NewPlan() {
  const t = useT();
  const navigate = useNavigate();
  const { toast } = useToast();
  const writes = useRotationWrites();
  const create = async (values: PlanFields) => {
    // No toast: it would sit over the editor's Save button; the editor opening says it.
    const p = await writes.createPlan(planBody(values));
    void navigate(`/planning/crop-rotation/${p.id}`, { replace: true });
  };
  return (
    <div className="pl-page pl-narrow">
      <Link className="pl-back" to="/planning/crop-rotation">
        <ArrowLeft size={16} aria-hidden="true" /> {t('nav.cropRotation')}
      </Link>
      <h1 className="pl-editor__title">{t('planning.plan.newTitle')}</h1>
      <Card>
        <CardBody>
          <PlanSettingsForm
            defaults={{ name: '', description: '', startYear: new Date().getFullYear(), duration: 4, gap: 3, layoutId: '', areas: '' }}
            submitLabel={t('planning.plan.create')}
            pending={writes.pending}
            onSubmit={create}
            onSubmitError={(error) =>
              toast({ title: t('planning.plan.createFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' })
            }
          />
        </CardBody>
      </Card>
    </div>
  );
}

interface GridDraft {
  cells: [string, number][];
  gap: number;
}

function GroupCell({
  row,
  year,
  groupId,
  groups,
  warned,
  onChange,
}: {
  row: GridRow;
  year: number;
  groupId: number | undefined;
  groups: RotationGroup[];
  warned: string | undefined;
  onChange: (groupId: number | null) => void;
}) {
  const g = groups.find((x) => x.id === groupId);
  const bg = g ? g.color || DEFAULT_GROUP_COLOR : undefined;
  return (
    <td className={`pl-cell${warned ? ' pl-cell--warn' : ''}`} title={warned}>
      <select
        className="pl-cell__select"
        aria-label={`${row.name}, ${year}`}
        aria-invalid={warned ? true : undefined}
        value={groupId ?? ''}
        style={bg ? cellColors(bg) : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">—</option>
        {groups.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      {warned ? <AlertTriangle className="pl-cell__icon" size={14} aria-hidden="true" /> : null}
    </td>
  );
}

function PlanEditor({ plan }: { plan: RotationPlan }) {
  const t = useT();
  const { toast } = useToast();
  const writes = useRotationWrites();
  const groupsList = useGroups();
  const groups = groupsList.items;
  const layout = useLayout(plan.layoutId);
  const rows = plan.rows ?? [];
  const years = planYears(plan.startYear, plan.duration);
  const { draft, commit, undo, canUndo, markSaved, dirty } = useDraft<GridDraft>({
    cells: Array.from(cellsFrom(plan.assignments ?? []).entries()),
    gap: plan.gap,
  });
  const [year, setYear] = useState(String(plan.startYear));
  const [showSettings, setShowSettings] = useState(false);
  const cells: Cells = useMemo(() => new Map(draft.cells), [draft.cells]);
  const nameOf = (id: number) => groups.find((g) => g.id === id)?.name ?? t('planning.plan.aGroup');
  const warnings = useMemo(() => checkRotation(cells, rows, years, draft.gap, nameOf), [cells, rows, years, draft.gap, groups]); // eslint-disable-line react-hooks/exhaustive-deps
  const warned = useMemo(() => {
    const m = new Map<string, string>();
    for (const w of warnings) m.set(cellKey(w, w.year), w.message);
    return m;
  }, [warnings]);

  const setCells = (next: Cells) => commit((d) => ({ ...d, cells: Array.from(next.entries()) }));
  const save = async () => {
    try {
      let saved = await writes.saveAssignments(plan.id, toAssignments(cells, rows, years));
      if (draft.gap !== saved.gap) saved = await writes.updatePlan(plan.id, { gap: draft.gap });
      // The status line says it was saved (a toast would cover the Save button).
      markSaved({ cells: Array.from(cellsFrom(saved.assignments ?? []).entries()), gap: saved.gap }, true);
    } catch (error) {
      toast({ title: t('planning.plan.saveFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' });
    }
  };
  const saveSettings = async (values: PlanFields) => {
    await writes.updatePlan(plan.id, planBody(values));
    toast({ title: t('planning.plan.settingsSaved'), description: values.name, variant: 'success' });
    setShowSettings(false);
  };
  const seed = async () => {
    try {
      await writes.seedClassic();
    } catch (error) {
      toast({ title: t('planning.groups.seedFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' });
    }
  };

  const chosenYear = Number(year);
  const bedsFill = (bedId: number | null | undefined) => {
    if (bedId == null) return null;
    const g = groups.find((x) => x.id === cells.get(cellKey({ bedId }, chosenYear)));
    return g ? g.color || DEFAULT_GROUP_COLOR : '#c9d3c4';
  };

  return (
    <div className="pl-page pl-plan">
      <Link className="pl-back" to="/planning/crop-rotation">
        <ArrowLeft size={16} aria-hidden="true" /> {t('nav.cropRotation')}
      </Link>
      <div className="pl-editor__head">
        <div>
          <h1 className="pl-editor__title">{plan.name}</h1>
          <p className="pl-muted">
            {plan.layoutName
              ? t('planning.plan.summaryOn', { years: yearRange(plan.startYear, plan.duration), count: rows.length, layout: plan.layoutName })
              : t(plan.layoutId ? 'planning.plan.summaryBeds' : 'planning.plan.summaryAreas', {
                  years: yearRange(plan.startYear, plan.duration),
                  count: rows.length,
                })}
          </p>
        </div>
        <div className="pl-editor__save">
          <span className={`pl-status${dirty ? ' pl-status--dirty' : ''}`} role="status" aria-live="polite">
            {writes.pending ? t('planning.status.saving') : dirty ? t('planning.status.unsaved') : t('planning.status.saved')}
          </span>
          <Button icon={<Save size={16} aria-hidden="true" />} onClick={() => void save()} loading={writes.pending} disabled={!dirty}>
            {t('planning.save')}
          </Button>
        </div>
      </div>
      {plan.description ? <p className="pl-lead">{plan.description}</p> : null}

      <Card>
        <CardHeader
          title={t('planning.grid.title')}
          description={t('planning.grid.description')}
          actions={
            <Button variant="ghost" size="sm" icon={<Settings2 size={16} aria-hidden="true" />} onClick={() => setShowSettings((v) => !v)} aria-expanded={showSettings}>
              {t('planning.plan.settings')}
            </Button>
          }
        />
        <CardBody>
          {showSettings ? (
            <div className="pl-settings">
              <PlanSettingsForm
                defaults={{
                  name: plan.name,
                  description: plan.description,
                  startYear: plan.startYear,
                  duration: plan.duration,
                  gap: draft.gap,
                  layoutId: plan.layoutId ? String(plan.layoutId) : '',
                  areas: plan.areas.join('\n'),
                }}
                submitLabel={t('planning.plan.saveSettings')}
                pending={writes.pending}
                disabledReason={dirty ? t('planning.plan.saveGridFirst') : null}
                onSubmit={saveSettings}
                onSubmitError={(error) =>
                  toast({ title: t('planning.plan.settingsFailed'), description: getErrorMessage(error, t('planning.tryAgain')), variant: 'destructive' })
                }
              />
            </div>
          ) : null}
          <div className="pl-tools" role="toolbar" aria-label={t('planning.plan.tools')}>
            <Button
              variant="outline"
              size="sm"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              onClick={() => setCells(rotate(cells, rows, years))}
              disabled={rows.length === 0 || years.length < 2}
            >
              {t('planning.grid.rotate')}
            </Button>
            <Button variant="outline" size="sm" icon={<Undo2 size={16} aria-hidden="true" />} onClick={undo} disabled={!canUndo}>
              {t('planning.undo')}
            </Button>
            <label className="pl-gap">
              {t('planning.grid.gap')}
              <input
                className="input"
                type="number"
                min={1}
                max={10}
                value={draft.gap}
                onChange={(e) => {
                  const n = Math.round(Number(e.target.value));
                  if (n >= 1 && n <= 10) commit((d) => ({ ...d, gap: n }));
                }}
              />
              {t('planning.grid.gapYears', { count: draft.gap })}
            </label>
          </div>
          {groups.length === 0 && !groupsList.isLoading ? (
            <Alert variant="info" title={t('planning.groups.none')}>
              <p>{t('planning.groups.explain')}</p>
              <div className="pl-row">
                <Button size="sm" icon={<Sparkles size={16} aria-hidden="true" />} onClick={() => void seed()}>
                  {t('planning.groups.addClassic')}
                </Button>
                <Link className="btn btn--outline btn--sm" to="/planning/crop-rotation/groups">
                  {t('planning.groups.manage')}
                </Link>
              </div>
            </Alert>
          ) : null}
          {rows.length === 0 ? (
            <p className="pl-muted">
              {plan.layoutId ? t('planning.grid.noBeds') : t('planning.grid.noAreas')}
            </p>
          ) : (
            <div className="pl-grid-scroll">
              <table className="pl-plan-grid">
                <caption className="visually-hidden">{t('planning.grid.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{plan.layoutId ? t('planning.grid.bed') : t('planning.grid.area')}</th>
                    {years.map((y) => (
                      <th key={y} scope="col">
                        {y}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={rowKey(row)}>
                      <th scope="row">{row.name}</th>
                      {years.map((y) => (
                        <GroupCell
                          key={y}
                          row={row}
                          year={y}
                          groupId={cells.get(cellKey(row, y))}
                          groups={groups}
                          warned={warned.get(cellKey(row, y))}
                          onChange={(g) => setCells(setCell(cells, row, y, g))}
                        />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {groups.length ? (
            <ul className="pl-legend" aria-label={t('planning.grid.groups')}>
              {groups.map((g) => (
                <li key={g.id}>
                  <GroupDot color={g.color} /> {g.name}
                </li>
              ))}
            </ul>
          ) : null}
        </CardBody>
      </Card>

      <div className="pl-columns">
        <div className="pl-columns__main">
          {plan.layoutId ? (
            <Card>
              <CardHeader title={plan.layoutName ?? t('planning.plan.layout')} description={t('planning.grid.preview')} />
              <CardBody>
                <Segmented label={t('planning.grid.year')} value={year} onChange={setYear} options={years.map((y) => ({ value: String(y), label: String(y) }))} />
                {layout.data ? (
                  <div className="pl-preview">
                    <LayoutCanvas
                      name={layout.data.name}
                      width={layout.data.width}
                      height={layout.data.height}
                      beds={layout.data.beds ?? []}
                      fillOf={(b) => bedsFill(b.id)}
                      labelOf={(b) => {
                        const g = cells.get(cellKey({ bedId: b.id }, chosenYear));
                        return g != null ? nameOf(g) : t('planning.grid.noGroup');
                      }}
                    />
                  </div>
                ) : layout.isLoading ? (
                  <Skeleton height={240} />
                ) : (
                  <p className="pl-muted">{t('planning.grid.layoutFailed')}</p>
                )}
              </CardBody>
            </Card>
          ) : null}
        </div>
        <aside className="pl-columns__side">
          <Card>
            <CardHeader title={t('planning.warnings.title', { count: warnings.length })} icon={<AlertTriangle size={18} />} />
            <CardBody>
              {warnings.length === 0 ? (
                <p className="pl-muted">{t('planning.warnings.none', { count: draft.gap })}</p>
              ) : (
                <ul className="pl-warnings" aria-label={t('planning.warnings.label')}>
                  {warnings.map((w) => (
                    <li key={`${cellKey(w, w.year)}`}>{w.message}</li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </aside>
      </div>
      <UnsavedGuard when={dirty && !writes.pending} what="plan" />
    </div>
  );
}
