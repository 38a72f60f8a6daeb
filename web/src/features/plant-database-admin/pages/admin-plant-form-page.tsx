import { ArrowLeft, ClipboardList, Image as ImageIcon, Leaf, Save, SearchX, Store, Sun } from 'lucide-react';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, getErrorMessage, getFieldErrors } from '@/api/client';
import { usePlantDatabaseItem } from '@/api/plant-database/get-plant-database-item';
import { CARE_INSTRUCTION_PARTS, PLANT_TYPES, type CareInstructionPart, type PlantDatabaseItem } from '@/api/types';
import { ImageField } from '@/components/image-field/image-field';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Segmented } from '@/components/ui/segmented';
import { SelectField } from '@/components/ui/select';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { TextareaField } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { CARE_FIELDS } from '@/lib/plant-prefill';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreatePlantDatabaseItem } from '../api/create-plant-database-item';
import { useUpdatePlantDatabaseItem } from '../api/update-plant-database-item';
import { adminTabPath } from '../components/admin-tabs';
import {
  emptyItemForm,
  itemFormFromItem,
  toItemInput,
  validateItemForm,
  withCommonName,
  withSlug,
  type CareMode,
  type ItemFormErrors,
  type ItemFormValues,
} from '../components/plant-item-form';
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
]);

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

function PlantItemForm({ item }: { item?: PlantDatabaseItem }) {
  const editing = item !== undefined;
  const navigate = useNavigate();
  const { toast } = useToast();
  const create = useCreatePlantDatabaseItem();
  const update = useUpdatePlantDatabaseItem();
  const [values, setValues] = useState<ItemFormValues>(() => (item ? itemFormFromItem(item) : emptyItemForm()));
  const [errors, setErrors] = useState<ItemFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const saving = create.isMutating || update.isMutating;

  const change = (next: ItemFormValues) => {
    setValues(next);
    if (submitted) setErrors(validateItemForm(next));
  };
  const set = (patch: Partial<ItemFormValues>) => change({ ...values, ...patch });
  const setPart = (part: CareInstructionPart, text: string) => set({ careParts: { ...values.careParts, [part]: text } });
  const onImageBusy = useCallback((busy: boolean) => setImageBusy(busy), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || imageBusy) return;
    setSubmitted(true);
    setProblem(null);
    const found = validateItemForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.commonName) nameRef.current?.focus();
      return;
    }
    const input = toItemInput(values);
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
      setErrors(fields);
      const conflict = error instanceof ApiError && error.status === 409;
      const title = conflict ? 'Already in the plant database' : 'The plant could not be saved';
      setProblem({ title, message: summary });
      toast({ title: editing ? 'Update failed' : 'Save failed', description: summary, variant: 'destructive' });
    }
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit plant' : 'Add plant'}>
      {problem ? (
        <Alert variant="destructive" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}

      <Card aria-labelledby="form-basics-title">
        <CardHeader icon={<Leaf size={18} />} title={<span id="form-basics-title">Plant</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <Field
              ref={nameRef}
              label="Common name"
              name="commonName"
              placeholder="e.g. Sweet Basil 'Genovese'"
              autoComplete="off"
              value={values.commonName}
              error={errors.commonName}
              onChange={(event) => change(withCommonName(values, event.target.value))}
            />
            <Field
              label="Scientific name"
              name="scientificName"
              placeholder="e.g. Ocimum basilicum"
              autoComplete="off"
              value={values.scientificName}
              error={errors.scientificName}
              onChange={(event) => set({ scientificName: event.target.value })}
            />
            <SelectField
              label="Plant type"
              name="plantType"
              value={values.plantType}
              error={errors.plantType}
              onChange={(event) => set({ plantType: event.target.value })}
            >
              {PLANT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
              {values.plantType && !(PLANT_TYPES as readonly string[]).includes(values.plantType) ? (
                <option value={values.plantType}>{values.plantType}</option>
              ) : null}
            </SelectField>
            <Field
              label="Slug"
              name="slug"
              autoComplete="off"
              spellCheck={false}
              value={values.slug}
              error={errors.slug}
              hint={
                values.slugEdited
                  ? 'Empty it to make it from the common name again.'
                  : 'Part of the plant’s address, made from the common name until you change it.'
              }
              onChange={(event) => change(withSlug(values, event.target.value))}
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
          <TextareaField
            label="Description"
            name="description"
            rows={10}
            value={values.description}
            error={errors.description}
            hint="HTML is allowed (for example <p>, <strong>, <em>, <ul>, <li>, <a>). The server removes anything unsafe before saving."
            onChange={(event) => set({ description: event.target.value })}
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-images-title">
        <CardHeader icon={<ImageIcon size={18} />} title={<span id="form-images-title">Images</span>} />
        <CardBody>
          <ImageField
            label="Main image"
            emptyText="Upload a picture, take one, or paste an image URL below"
            value={values.imageUrl}
            error={errors.imageUrl}
            onChange={(imageUrl) => set({ imageUrl })}
            onBusyChange={onImageBusy}
          />
          <TextareaField
            label="Alternative image URLs"
            name="alternativeImageUrls"
            rows={4}
            spellCheck={false}
            placeholder={'https://…\nhttps://…'}
            value={values.alternativeImageUrls}
            error={errors.alternativeImageUrls}
            hint="One URL per line. They are tried in turn when the main image cannot be loaded."
            onChange={(event) => set({ alternativeImageUrls: event.target.value })}
          />
        </CardBody>
      </Card>

      <Card aria-labelledby="form-growing-title">
        <CardHeader icon={<Sun size={18} />} title={<span id="form-growing-title">Growing Requirements</span>} />
        <CardBody>
          <div className="form-grid form-grid--2">
            <Field
              label="Light requirements"
              name="lightRequirements"
              placeholder="e.g. Full sun"
              value={values.lightRequirements}
              error={errors.lightRequirements}
              onChange={(event) => set({ lightRequirements: event.target.value })}
            />
            <Field
              label="Water requirements"
              name="waterRequirements"
              placeholder="e.g. Moderate"
              value={values.waterRequirements}
              error={errors.waterRequirements}
              hint="Add to My Plants waters Low every 14 days, Moderate every 7, anything else every 4."
              onChange={(event) => set({ waterRequirements: event.target.value })}
            />
            <Field
              label="Fertilizer requirements"
              name="fertilizerRequirements"
              placeholder="e.g. Every two weeks"
              value={values.fertilizerRequirements}
              error={errors.fertilizerRequirements}
              onChange={(event) => set({ fertilizerRequirements: event.target.value })}
            />
          </div>
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
              value={values.careMode}
              onChange={(careMode) => set({ careMode })}
            />
          </div>
          {values.careMode === 'text' ? (
            <TextareaField
              label="Care instructions"
              name="careText"
              rows={6}
              value={values.careText}
              error={errors.careInstructions}
              hint="HTML is allowed; the server removes anything unsafe before saving."
              onChange={(event) => set({ careText: event.target.value })}
            />
          ) : (
            <div className="form-grid form-grid--2">
              {CARE_INSTRUCTION_PARTS.map((part) => (
                <TextareaField
                  key={part}
                  label={partLabel(part)}
                  name={`care-${part}`}
                  rows={2}
                  value={values.careParts[part]}
                  onChange={(event) => setPart(part, event.target.value)}
                />
              ))}
              {errors.careInstructions ? <p className="field__error admin-form__wide">{errors.careInstructions}</p> : null}
            </div>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="form-store-title">
        <CardHeader icon={<Store size={18} />} title={<span id="form-store-title">Seed Store</span>} />
        <CardBody>
          <Field
            label="Store URL"
            name="storeUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.storeUrl}
            error={errors.storeUrl}
            hint="Where Purchase Seeds leads; opens in a new tab."
            onChange={(event) => set({ storeUrl: event.target.value })}
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
    </form>
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
