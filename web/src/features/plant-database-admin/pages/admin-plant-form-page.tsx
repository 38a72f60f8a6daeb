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
import { CARE_FIELDS } from '@/lib/plant-prefill';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePlantDatabaseItem } from '../api/create-plant-database-item';
import { useUpdatePlantDatabaseItem } from '../api/update-plant-database-item';
import { adminTabPath } from '../components/admin-tabs';
import { plantItemSchema, type CareMode, type ItemFormValues } from '../api/plant-item-schema';
import { emptyItemForm, itemFormFromItem, withCommonName, withSlug, type ItemFormErrors } from '../components/plant-item-form';
import { sourceLabel } from '../components/plant-list-tab';
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
  { key: 'sowIndoors', label: 'Sow indoors' },
  { key: 'directSow', label: 'Direct sow' },
  { key: 'transplant', label: 'Transplant' },
] as const;

/** SowingRow: one window: its unit, then from and to (weeks from the last frost, or months 1–12). */
function SowingRow({ step, label }: { step: (typeof SOWING_ROWS)[number]['key']; label: string }) {
  const error = useFieldError(`sowing.${step}`);
  return (
    <fieldset className="sowing-row">
      <legend className="sowing-row__legend">{label}</legend>
      <FormSelect name={`sowing.${step}.unit`} label="When">
        <option value="">Not known</option>
        <option value="weeks">Weeks from last frost</option>
        <option value="months">Months</option>
      </FormSelect>
      <FormInput name={`sowing.${step}.from`} label="From" inputMode="numeric" placeholder="e.g. -8 or 3" />
      <FormInput name={`sowing.${step}.to`} label="To" inputMode="numeric" placeholder="e.g. -6 or 5" />
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

const CARE_MODES: { value: CareMode; label: string }[] = [
  { value: 'text', label: 'Free text' },
  { value: 'parts', label: 'Named parts' },
];

const partLabel = (part: CareInstructionPart) => CARE_FIELDS.find(([key]) => key === part)?.[1] ?? part;

function BackLink() {
  return (
    <Link to={LIST_PATH} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      Back to Plant Database Administration
    </Link>
  );
}

/** serverErrors splits a failed save into messages under fields and a message for the top. */
function serverErrors(error: unknown): { fields: ItemFormErrors; summary: string } {
  const fields: ItemFormErrors = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(getFieldErrors(error))) {
    if (FIELD_NAMES.has(name)) fields[name as keyof ItemFormErrors] = message;
    else others.push(message);
  }
  const message = getErrorMessage(error, 'The plant could not be saved. Please try again.');
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
        title: editing ? 'Plant database item updated successfully' : 'Plant database item created successfully',
        description: editing ? `${name} was saved.` : `${name} was added to the plant database.`,
        variant: 'success',
      });
      navigate(LIST_PATH);
    } catch (error) {
      const { fields, summary } = serverErrors(error);
      for (const [name, message] of Object.entries(fields)) {
        // Care instructions as text show their message on the text box.
        const field = name === 'careInstructions' && form.getValues('careMode') === 'text' ? 'careText' : name;
        form.setError(field as keyof ItemFormValues, { type: 'server', message });
      }
      const conflict = error instanceof ApiError && error.status === 409;
      const title = conflict ? 'Already in the plant database' : 'The plant could not be saved';
      setProblem({ title, message: summary });
      toast({ title: editing ? 'Update failed' : 'Save failed', description: summary, variant: 'destructive' });
    }
  };

  return (
    <Form form={form} className="admin-form" onSubmit={onSubmit} aria-label={editing ? 'Edit plant' : 'Add plant'}>
      {problem ? (
        <Alert variant="destructive" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}

      <Card aria-labelledby="form-basics-title">
        <CardHeader icon={<Leaf size={18} />} title={<span id="form-basics-title">Plant</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <FormInput
              name="commonName"
              label="Common name"
              placeholder="e.g. Sweet Basil 'Genovese'"
              autoComplete="off"
              onChange={(event) => follow(withCommonName(form.getValues(), event.target.value))}
            />
            <FormInput name="scientificName" label="Scientific name" placeholder="e.g. Ocimum basilicum" autoComplete="off" />
            <FormSelect name="plantType" label="Plant type">
              {PLANT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
              {plantType && !(PLANT_TYPES as readonly string[]).includes(plantType) ? <option value={plantType}>{plantType}</option> : null}
            </FormSelect>
            <FormInput
              name="slug"
              label="Slug"
              autoComplete="off"
              spellCheck={false}
              description={
                slugEdited
                  ? 'Empty it to make it from the common name again.'
                  : 'Part of the plant’s address, made from the common name until you change it.'
              }
              onChange={(event) => follow(withSlug(form.getValues(), event.target.value))}
            />
          </div>
          {editing ? (
            <p className="admin-form__source">
              <span className="field__label">Source</span>
              <Badge tone={sourceLabel(item.source) === 'Imported' ? 'blue' : 'neutral'}>{sourceLabel(item.source)}</Badge>
              <span className="field__hint">
                {sourceLabel(item.source) === 'Imported'
                  ? 'Imported from the seed store; the next import may update it.'
                  : 'Added by hand; imports never change it.'}
              </span>
            </p>
          ) : null}
        </CardBody>
      </Card>

      <Card aria-labelledby="form-description-title">
        <CardHeader icon={<ClipboardList size={18} />} title={<span id="form-description-title">About this plant</span>} />
        <CardBody>
          <FormTextarea
            name="description"
            label="Description"
            rows={10}
            description="HTML is allowed (for example <p>, <strong>, <em>, <ul>, <li>, <a>). The server removes anything unsafe before saving."
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-images-title">
        <CardHeader icon={<ImageIcon size={18} />} title={<span id="form-images-title">Images</span>} />
        <CardBody>
          <FormImageField
            name="imageUrl"
            label="Main image"
            emptyText="Upload a picture, take one, or paste an image URL below"
            onBusyChange={onImageBusy}
          />
          <FormTextarea
            name="alternativeImageUrls"
            label="Alternative image URLs"
            rows={4}
            spellCheck={false}
            placeholder={'https://…\nhttps://…'}
            description="One URL per line. They are tried in turn when the main image cannot be loaded."
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-growing-title">
        <CardHeader icon={<Sun size={18} />} title={<span id="form-growing-title">Growing Requirements</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <FormInput name="lightRequirements" label="Light requirements" placeholder="e.g. Full sun" />
            <FormInput
              name="waterRequirements"
              label="Water requirements"
              placeholder="e.g. Moderate"
              description="Add to My Plants waters Low every 14 days, Moderate every 7, anything else every 4."
            />
            <FormInput name="fertilizerRequirements" label="Fertilizer requirements" placeholder="e.g. Every two weeks" />
          </div>
        </CardBody>
      </Card>

      <Card aria-labelledby="form-sowing-title">
        <CardHeader
          icon={<CalendarRange size={18} />}
          title={<span id="form-sowing-title">Sowing</span>}
          description="When to sow and plant out: weeks from the last spring frost (negative before it, e.g. -8 to -6), or months 1–12 as a northern packet states them (read six months on in the south)."
        />
        <CardBody>
          {SOWING_ROWS.map((row) => (
            <SowingRow key={row.key} step={row.key} label={row.label} />
          ))}
          <div className="form-grid form-grid--2">
            <FormInput name="sowing.harvestDaysMin" label="Days to harvest, from" inputMode="numeric" placeholder="e.g. 60" />
            <FormInput name="sowing.harvestDaysMax" label="Days to harvest, to" inputMode="numeric" placeholder="e.g. 80" />
          </div>
          <HarvestDaysError />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-care-title">
        <CardHeader
          icon={<ClipboardList size={18} />}
          title={<span id="form-care-title">Care Instructions</span>}
          description="Free text (HTML allowed), or separate parts shown with their labels."
        />
        <CardBody>
          <div className="admin-form__toggle">
            <Segmented
              label="Care instructions form"
              options={CARE_MODES}
              value={careMode}
              onChange={(mode) => form.setValue('careMode', mode)}
            />
          </div>
          {careMode === 'text' ? (
            <FormTextarea
              name="careText"
              label="Care instructions"
              rows={6}
              description="HTML is allowed; the server removes anything unsafe before saving."
            />
          ) : (
            <div className="form-grid form-grid--2">
              {CARE_INSTRUCTION_PARTS.map((part) => (
                <FormTextarea key={part} name={`careParts.${part}`} label={partLabel(part)} rows={2} />
              ))}
              <CarePartsError />
            </div>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="form-store-title">
        <CardHeader icon={<Store size={18} />} title={<span id="form-store-title">Seed Store</span>} />
        <CardBody>
          <FormInput
            name="storeUrl"
            label="Store URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            description="Where Purchase Seeds leads; opens in a new tab."
          />
        </CardBody>
      </Card>

      <div className="admin-form__footer">
        <Link to={LIST_PATH} className={buttonClass('outline')}>
          Cancel
        </Link>
        <Button type="submit" icon={<Save size={18} aria-hidden="true" />} loading={saving} disabled={imageBusy}>
          {saving ? 'Saving…' : editing ? 'Save Changes' : 'Add Plant'}
        </Button>
      </div>
    </Form>
  );
}

function FormSkeleton() {
  return (
    <LoadingRegion label="Loading plant…" className="admin-form">
      <Skeleton height={220} radius={12} />
      <Skeleton height={180} radius={12} />
      <Skeleton height={160} radius={12} />
    </LoadingRegion>
  );
}

/** AdminNewPlantPage (/admin/plants/new): the form for a new plant database item. */
export function AdminNewPlantPage() {
  useDocumentTitle('Add Plant');
  return (
    <div className="admin-form-page">
      <BackLink />
      <PageHeader
        eyebrow="Plant Database"
        title="Add Plant"
        description="A species every gardener can browse and add to their plants."
      />
      <PlantItemForm />
    </div>
  );
}

/** AdminEditPlantPage (/admin/plants/{id}): the same form filled from the item; "Plant Not Found" otherwise. */
export function AdminEditPlantPage() {
  const params = useParams();
  const id = parseId(params.id);
  const item = usePlantDatabaseItem(id);
  useDocumentTitle(item.data ? `Edit ${item.data.commonName}` : 'Edit Plant');

  let body;
  if (id !== null && item.isLoading) {
    body = <FormSkeleton />;
  } else if (id === null || item.error || !item.data) {
    const notFound = id === null || !item.error || (item.error instanceof ApiError && item.error.status === 404);
    body = (
      <EmptyState
        icon={<SearchX size={26} />}
        title={notFound ? 'Plant Not Found' : 'Could not load this plant'}
        action={
          <Link to={LIST_PATH} className={buttonClass('primary')}>
            Back to the plant list
          </Link>
        }
      >
        {notFound
          ? 'There is no plant with this ID in the plant database.'
          : getErrorMessage(item.error, 'Something went wrong while loading this plant. Please try again.')}
      </EmptyState>
    );
  } else {
    body = <PlantItemForm key={item.data.id} item={item.data} />;
  }

  return (
    <div className="admin-form-page">
      <BackLink />
      <PageHeader
        eyebrow="Plant Database"
        title="Edit Plant"
        description={item.data ? `${item.data.commonName} · ID ${item.data.id}` : undefined}
      />
      {body}
    </div>
  );
}
