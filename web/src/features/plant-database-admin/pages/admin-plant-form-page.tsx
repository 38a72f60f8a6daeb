import { ArrowLeft, CalendarRange, ClipboardList, Image as ImageIcon, Leaf, Save, SearchX, Store, Sun } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, getErrorMessage, getFieldErrors } from '@/api/client';
import { usePlantDatabaseItem } from '@/api/plant-database/get-plant-database-item';
import {
  CARE_INSTRUCTION_PARTS,
  PLANT_TYPES,
  type CareInstructionPart,
  type PlantDatabaseInput,
  type PlantDatabaseItem,
} from '@/api/types';
import { FormImageField } from '@/components/image-field/image-field';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormInput, FormSelect, FormTextarea, useFieldError, useZodForm } from '@/components/ui/form';
import { PageHeader } from '@/components/ui/page-header';
import { Segmented } from '@/components/ui/segmented';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePlantDatabaseItem } from '../api/create-plant-database-item';
import { useUpdatePlantDatabaseItem } from '../api/update-plant-database-item';
import { adminTabPath } from '../components/admin-tabs';
import { plantItemSchema, type CareMode, type ItemFormValues } from '../api/plant-item-schema';
import { emptyItemForm, itemFormFromItem, withCommonName, withSlug, type ItemFormErrors } from '../components/plant-item-form';
import { CARE_PART_LABELS, typeLabel } from '../components/labels';
import { sourceLabel, sourceText } from '../components/plant-list-tab';
import './admin-plant-form-page.css';

const LIST_PATH = adminTabPath('list');
const FIELD_NAMES = new Set<string>([
  'commonName',
  'scientificName',
  'plantType',
  'slug',
  'description',
  'imageUrl',
  'alternativeImageUrls',
  'lightRequirements',
  'waterRequirements',
  'fertilizerRequirements',
  'careInstructions',
  'storeUrl',
  'sowing.sowIndoors',
  'sowing.directSow',
  'sowing.transplant',
  'sowing.harvestDays',
]);

const SOWING_ROWS = [
  { key: 'sowIndoors', label: 'plantdb.sowing.step.sowIndoors' },
  { key: 'directSow', label: 'plantdb.form.directSow' },
  { key: 'transplant', label: 'plantdb.form.transplant' },
] as const satisfies readonly { key: string; label: MessageKey }[];

/** Web addresses start so in every language. */
const URL_START = 'https://';
const URL_LINES = 'https://…\nhttps://…';

/** SowingRow: one window: its unit, then from and to (weeks from the last frost, or months 1–12). */
function SowingRow({ step, label }: { step: (typeof SOWING_ROWS)[number]['key']; label: string }) {
  const error = useFieldError(`sowing.${step}`);
  const t = useT();
  return (
    <fieldset className="sowing-row">
      <legend className="sowing-row__legend">{label}</legend>
      <FormSelect name={`sowing.${step}.unit`} label={t('plantdb.form.when')}>
        <option value="">{t('plantdb.form.unknown')}</option>
        <option value="weeks">{t('plantdb.form.weeks')}</option>
        <option value="months">{t('plantdb.form.months')}</option>
      </FormSelect>
      <FormInput name={`sowing.${step}.from`} label={t('plantdb.form.from')} inputMode="numeric" placeholder={t('plantdb.form.fromHint')} />
      <FormInput name={`sowing.${step}.to`} label={t('plantdb.form.to')} inputMode="numeric" placeholder={t('plantdb.form.toHint')} />
      {error ? (
        <p className="field__error sowing-row__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function HarvestDaysError() {
  const error = useFieldError('sowing.harvestDays');
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

const CARE_MODES: { value: CareMode; label: MessageKey }[] = [
  { value: 'text', label: 'plantdb.form.freeText' },
  { value: 'parts', label: 'plantdb.form.namedParts' },
];

const partLabel = (part: CareInstructionPart): MessageKey => CARE_PART_LABELS[part];

function BackLink() {
  const t = useT();
  return (
    <Link to={LIST_PATH} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      {t('plantdb.form.back')}
    </Link>
  );
}

/** serverErrors splits a failed save into messages under fields and a message for the top. */
function serverErrors(error: unknown, fallback: string): { fields: ItemFormErrors; summary: string } {
  const fields: ItemFormErrors = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(getFieldErrors(error))) {
    if (FIELD_NAMES.has(name)) fields[name as keyof ItemFormErrors] = message;
    else others.push(message);
  }
  const message = getErrorMessage(error, fallback);
  const summary = others.length > 0 ? others.join(' ') : message;
  return { fields, summary };
}

/** CarePartsError: the server's message about care instructions given as parts. */
function CarePartsError() {
  const error = useFieldError('careInstructions');
  return error ? <p className="field__error admin-form__wide">{error}</p> : null;
}

function PlantItemForm({ item }: { item?: PlantDatabaseItem }) {
  const editing = item !== undefined;
  const navigate = useNavigate();
  const { toast } = useToast();
  const t = useT();
  const create = useCreatePlantDatabaseItem();
  const update = useUpdatePlantDatabaseItem();
  const form = useZodForm(plantItemSchema, { defaultValues: item ? itemFormFromItem(item) : emptyItemForm() });
  const [plantType, slugEdited, careMode] = useWatch({ control: form.control, name: ['plantType', 'slugEdited', 'careMode'] });
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const saving = create.isMutating || update.isMutating;
  const onImageBusy = useCallback((busy: boolean) => setImageBusy(busy), []);

  /** follow applies the slug rule (withCommonName, withSlug) after a name or slug change. */
  const follow = (next: ItemFormValues) => {
    form.setValue('slug', next.slug, { shouldValidate: form.formState.isSubmitted });
    form.setValue('slugEdited', next.slugEdited);
  };

  const onSubmit = async (input: PlantDatabaseInput) => {
    if (saving || imageBusy) return;
    setProblem(null);
    try {
      const saved = editing ? await update.trigger({ id: item.id, patch: input }) : await create.trigger(input);
      const name = saved?.commonName ?? input.commonName;
      toast({
        title: editing ? t('plantdb.form.updated') : t('plantdb.form.created'),
        description: editing ? t('plantdb.form.updatedText', { name }) : t('plantdb.form.createdText', { name }),
        variant: 'success',
      });
      navigate(LIST_PATH);
    } catch (error) {
      const { fields, summary } = serverErrors(error, t('plantdb.form.saveFailedText'));
      for (const [name, message] of Object.entries(fields)) {
        // Care instructions as text show their message on the text box.
        const field = name === 'careInstructions' && form.getValues('careMode') === 'text' ? 'careText' : name;
        form.setError(field as keyof ItemFormValues, { type: 'server', message });
      }
      const conflict = error instanceof ApiError && error.status === 409;
      const title = conflict ? t('plantdb.form.conflict') : t('plantdb.form.saveFailed');
      setProblem({ title, message: summary });
      toast({ title: editing ? t('plantdb.form.updateFailed') : t('plantdb.form.saveFailedTitle'), description: summary, variant: 'destructive' });
    }
  };

  return (
    <Form form={form} className="admin-form" onSubmit={onSubmit} aria-label={editing ? t('plantdb.form.editLabel') : t('plantdb.form.addLabel')}>
      {problem ? (
        <Alert variant="destructive" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}

      <Card aria-labelledby="form-basics-title">
        <CardHeader icon={<Leaf size={18} />} title={<span id="form-basics-title">{t('plantdb.form.plant')}</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <FormInput
              name="commonName"
              label={t('plantdb.form.commonName')}
              placeholder={t('plantdb.form.commonNameHint')}
              autoComplete="off"
              onChange={(event) => follow(withCommonName(form.getValues(), event.target.value))}
            />
            <FormInput
              name="scientificName"
              label={t('plantdb.form.scientificName')}
              placeholder={t('plantdb.form.scientificNameHint')}
              autoComplete="off"
            />
            <FormSelect name="plantType" label={t('plantdb.form.plantType')}>
              {PLANT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeLabel(type)}
                </option>
              ))}
              {plantType && !(PLANT_TYPES as readonly string[]).includes(plantType) ? <option value={plantType}>{plantType}</option> : null}
            </FormSelect>
            <FormInput
              name="slug"
              label={t('plantdb.form.slug')}
              autoComplete="off"
              spellCheck={false}
              description={slugEdited ? t('plantdb.form.slugEdited') : t('plantdb.form.slugHint')}
              onChange={(event) => follow(withSlug(form.getValues(), event.target.value))}
            />
          </div>
          {editing ? (
            <p className="admin-form__source">
              <span className="field__label">{t('plantdb.admin.col.source')}</span>
              <Badge tone={sourceLabel(item.source) === 'Imported' ? 'blue' : 'neutral'}>{sourceText(item.source)}</Badge>
              <span className="field__hint">
                {sourceLabel(item.source) === 'Imported' ? t('plantdb.form.importedHint') : t('plantdb.form.manualHint')}
              </span>
            </p>
          ) : null}
        </CardBody>
      </Card>

      <Card aria-labelledby="form-description-title">
        <CardHeader icon={<ClipboardList size={18} />} title={<span id="form-description-title">{t('plantdb.detail.about')}</span>} />
        <CardBody>
          <FormTextarea
            name="description"
            label={t('plantdb.form.description')}
            rows={10}
            description={t('plantdb.form.descriptionHint')}
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-images-title">
        <CardHeader icon={<ImageIcon size={18} />} title={<span id="form-images-title">{t('plantdb.form.images')}</span>} />
        <CardBody>
          <FormImageField
            name="imageUrl"
            label={t('plantdb.form.mainImage')}
            emptyText={t('plantdb.form.mainImageHint')}
            onBusyChange={onImageBusy}
          />
          <FormTextarea
            name="alternativeImageUrls"
            label={t('plantdb.form.altImages')}
            rows={4}
            spellCheck={false}
            placeholder={URL_LINES}
            description={t('plantdb.form.altImagesHint')}
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-growing-title">
        <CardHeader icon={<Sun size={18} />} title={<span id="form-growing-title">{t('plantdb.detail.requirements')}</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <FormInput name="lightRequirements" label={t('plantdb.form.light')} placeholder={t('plantdb.form.lightHint')} />
            <FormInput
              name="waterRequirements"
              label={t('plantdb.form.water')}
              placeholder={t('plantdb.form.waterHint')}
              description={t('plantdb.form.waterDescription')}
            />
            <FormInput name="fertilizerRequirements" label={t('plantdb.form.fertilizer')} placeholder={t('plantdb.form.fertilizerHint')} />
          </div>
        </CardBody>
      </Card>

      <Card aria-labelledby="form-sowing-title">
        <CardHeader
          icon={<CalendarRange size={18} />}
          title={<span id="form-sowing-title">{t('plantdb.form.sowing')}</span>}
          description={t('plantdb.form.sowingHint')}
        />
        <CardBody>
          {SOWING_ROWS.map((row) => (
            <SowingRow key={row.key} step={row.key} label={t(row.label)} />
          ))}
          <div className="form-grid form-grid--2">
            <FormInput
              name="sowing.harvestDaysMin"
              label={t('plantdb.form.harvestFrom')}
              inputMode="numeric"
              placeholder={t('plantdb.form.harvestFromHint')}
            />
            <FormInput
              name="sowing.harvestDaysMax"
              label={t('plantdb.form.harvestTo')}
              inputMode="numeric"
              placeholder={t('plantdb.form.harvestToHint')}
            />
          </div>
          <HarvestDaysError />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-care-title">
        <CardHeader
          icon={<ClipboardList size={18} />}
          title={<span id="form-care-title">{t('plantdb.detail.care')}</span>}
          description={t('plantdb.form.careHint')}
        />
        <CardBody>
          <div className="admin-form__toggle">
            <Segmented
              label={t('plantdb.form.careForm')}
              options={CARE_MODES.map((mode) => ({ value: mode.value, label: t(mode.label) }))}
              value={careMode}
              onChange={(mode) => form.setValue('careMode', mode)}
            />
          </div>
          {careMode === 'text' ? (
            <FormTextarea
              name="careText"
              label={t('plantdb.form.careText')}
              rows={6}
              description={t('plantdb.form.careTextHint')}
            />
          ) : (
            <div className="form-grid form-grid--2">
              {CARE_INSTRUCTION_PARTS.map((part) => (
                <FormTextarea key={part} name={`careParts.${part}`} label={t(partLabel(part))} rows={2} />
              ))}
              <CarePartsError />
            </div>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="form-store-title">
        <CardHeader icon={<Store size={18} />} title={<span id="form-store-title">{t('plantdb.form.store')}</span>} />
        <CardBody>
          <FormInput
            name="storeUrl"
            label={t('plantdb.form.storeUrl')}
            type="url"
            inputMode="url"
            placeholder={URL_START}
            description={t('plantdb.form.storeUrlHint')}
          />
        </CardBody>
      </Card>

      <div className="admin-form__footer">
        <Link to={LIST_PATH} className={buttonClass('outline')}>
          {t('plantdb.form.cancel')}
        </Link>
        <Button type="submit" icon={<Save size={18} aria-hidden="true" />} loading={saving} disabled={imageBusy}>
          {saving ? t('plantdb.form.saving') : editing ? t('plantdb.form.saveChanges') : t('plantdb.admin.addPlant')}
        </Button>
      </div>
    </Form>
  );
}

function FormSkeleton() {
  const t = useT();
  return (
    <LoadingRegion label={t('plantdb.form.loading')} className="admin-form">
      <Skeleton height={220} radius={12} />
      <Skeleton height={180} radius={12} />
      <Skeleton height={160} radius={12} />
    </LoadingRegion>
  );
}

/** AdminNewPlantPage (/admin/plants/new): the form for a new plant database item. */
export function AdminNewPlantPage() {
  const t = useT();
  useDocumentTitle(t('plantdb.admin.addPlant'));
  return (
    <div className="admin-form-page">
      <BackLink />
      <PageHeader eyebrow={t('nav.plantDatabase')} title={t('plantdb.admin.addPlant')} description={t('plantdb.form.newDescription')} />
      <PlantItemForm />
    </div>
  );
}

/** AdminEditPlantPage (/admin/plants/{id}): the same form filled from the item; "Plant Not Found" otherwise. */
export function AdminEditPlantPage() {
  const params = useParams();
  const id = parseId(params.id);
  const item = usePlantDatabaseItem(id);
  const t = useT();
  useDocumentTitle(item.data ? t('plantdb.add.edit', { name: item.data.commonName }) : t('plantdb.form.editPlant'));

  let body;
  if (id !== null && item.isLoading) {
    body = <FormSkeleton />;
  } else if (id === null || item.error || !item.data) {
    const notFound = id === null || !item.error || (item.error instanceof ApiError && item.error.status === 404);
    body = (
      <EmptyState
        icon={<SearchX size={26} />}
        title={notFound ? t('plantdb.detail.notFound') : t('plantdb.detail.failed')}
        action={
          <Link to={LIST_PATH} className={buttonClass('primary')}>
            {t('plantdb.form.backToList')}
          </Link>
        }
      >
        {notFound ? t('plantdb.form.notFoundText') : getErrorMessage(item.error, t('plantdb.detail.failedText'))}
      </EmptyState>
    );
  } else {
    body = <PlantItemForm key={item.data.id} item={item.data} />;
  }

  return (
    <div className="admin-form-page">
      <BackLink />
      <PageHeader
        eyebrow={t('nav.plantDatabase')}
        title={t('plantdb.form.editPlant')}
        description={item.data ? t('plantdb.form.editDescription', { name: item.data.commonName, id: item.data.id }) : undefined}
      />
      {body}
    </div>
  );
}
