import { ImagePlus, Trash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '@/api/client';
import { useApiQuery, useRefresh } from '@/api/query';
import type { Plant } from '@/api/types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Form, FormInput, FormNumber, FormSelect, FormTextarea, useZodForm } from '@/components/ui/form';
import { FormActions } from '@/components/ui/form-actions';
import { ImageFileInput } from '@/components/ui/image-file-input';
import { PageHeader } from '@/components/ui/page-header';
import { BackLink, SignInRequired } from '@/components/ui/sign-in-required';
import { useToast } from '@/components/ui/toast';
import { useSession } from '@/lib/session';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { listingTypeName, plantTypeName } from '../api/labels';
import { checkImageFile, createListing, listingSchema, uploadListingImage, type ListingFormInput } from '../api/create-listing';
import { isPlantSharingKey } from '../api/get-listings';
import { updateListing } from '../api/manage-listing';
import { LISTING_TYPES, PLANT_TYPES, type Listing, type ListingType } from '../api/types';
import '../sharing.css';

/**
 * prefillFromQuery reads the new-listing form's prefill parameters: the harvest page's
 * "Share surplus" (listingType, plantName, plantType, quantity, description).
 */
export function prefillFromQuery(params: URLSearchParams): Partial<ListingFormInput> {
  const out: Partial<ListingFormInput> = {};
  const type = params.get('listingType');
  if (type && (LISTING_TYPES as readonly string[]).includes(type)) out.listingType = type as ListingType;
  const name = params.get('plantName');
  if (name) {
    out.plantName = name;
    out.title = translate('sharing.new.toShare', { name });
  }
  const plantType = params.get('plantType');
  if (plantType) out.plantType = plantType;
  const quantity = Number(params.get('quantity'));
  if (Number.isInteger(quantity) && quantity >= 1) out.quantity = quantity;
  const description = params.get('description');
  if (description) out.description = description;
  return out;
}

/** PhotoPanel: an optional photo with preview, checked (type, 5 MB) before it is uploaded. */
function PhotoPanel({ file, fallbackUrl, onChange }: { file: File | null; fallbackUrl: string; onChange: (f: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!file) {
      setPreview('');
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview || fallbackUrl;
  const t = useT();
  return (
    <Card aria-label={t('sharing.photo.title')}>
      <CardHeader icon={<ImagePlus size={18} />} title={t('sharing.photo.title')} description={t('sharing.photo.hint')} />
      <CardBody className="photo-panel">
        {shown ? (
          <img className="photo-panel__preview" src={shown} alt={t('sharing.photo.preview')} />
        ) : (
          <div className="photo-panel__empty">
            <ImagePlus size={28} aria-hidden="true" />
            <span>{t('sharing.photo.none')}</span>
          </div>
        )}
        <div className="listing-actions">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            {shown ? t('sharing.photo.change') : t('sharing.photo.choose')}
          </Button>
          {file ? (
            <Button variant="ghost" size="sm" icon={<Trash size={16} aria-hidden="true" />} onClick={() => onChange(null)}>
              {t('sharing.photo.remove')}
            </Button>
          ) : null}
        </div>
        <ImageFileInput
          ref={input}
          label={t('sharing.photo.label')}
          onFile={(chosen) => {
            const problem = checkImageFile(chosen);
            setError(problem ?? '');
            if (!problem) onChange(chosen);
          }}
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

/** listingFormValues: an existing listing as the form's values (Edit Listing). */
export function listingFormValues(l: Listing): Partial<ListingFormInput> {
  return {
    title: l.title,
    plantName: l.plantName,
    plantType: l.plantType,
    species: l.species ?? '',
    description: l.description ?? '',
    listingType: l.listingType,
    quantity: l.quantity,
    price: l.price ?? undefined,
    location: l.location ?? '',
  };
}

/**
 * NewListingForm is the form itself; the page wraps it with the sign-in requirement. With
 * `listing` it edits that listing (Edit Listing): same fields and rules, Save Changes.
 */
export function NewListingForm({
  initial,
  plantId,
  plantImage,
  listing,
}: {
  initial: Partial<ListingFormInput>;
  plantId?: number;
  plantImage?: string;
  listing?: Listing;
}) {
  const form = useZodForm(listingSchema, {
    defaultValues: {
      title: '',
      plantName: '',
      plantType: 'Herbs',
      species: '',
      description: '',
      listingType: 'Free',
      quantity: 1,
      location: '',
      ...initial,
      plantId,
      imageUrl: plantImage ?? '',
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const listingType = useWatch({ control: form.control, name: 'listingType' });
  const plantType = useWatch({ control: form.control, name: 'plantType' });
  const { toast } = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const pending = form.formState.isSubmitting;
  const t = useT();
  const types: string[] = [...PLANT_TYPES];
  if (plantType && !types.includes(plantType)) types.push(plantType);

  return (
    <Form
      form={form}
      className="listing-form"
      onSubmit={async (values) => {
        const saved = listing ? await updateListing(listing.id, values) : await createListing(values);
        if (file) {
          try {
            await uploadListingImage(saved.id, file);
          } catch (error) {
            const without = listing ? t('sharing.photo.savedWithout') : t('sharing.photo.createdWithout');
            toast({ title: t('sharing.photo.notSaved'), description: getErrorMessage(error, without), variant: 'destructive' });
          }
        }
        toast({ title: t('sharing.form.success'), description: listing ? t('sharing.form.updated') : t('sharing.form.created'), variant: 'success' });
        await refresh(isPlantSharingKey);
        navigate(listing ? `/community/plant-sharing/${listing.id}` : '/community/plant-sharing');
      }}
      onSubmitError={(error) =>
        toast({
          title: t('common.error'),
          description: t(listing ? 'sharing.form.updateFailed' : 'sharing.form.createFailed', { reason: getErrorMessage(error, t('sharing.tryAgain')) }),
          variant: 'destructive',
        })
      }
    >
      <Card aria-label={t('sharing.form.details')}>
        <CardHeader title={t('sharing.form.details')} />
        <CardBody className="listing-form__fields">
          <FormInput name="title" label={t('sharing.form.title')} className="field--wide" placeholder={t('sharing.form.titlePlaceholder')} />
          <FormInput name="plantName" label={t('sharing.form.plantName')} />
          <FormSelect name="plantType" label={t('sharing.form.plantType')}>
            {types.map((type) => (
              <option key={type} value={type}>
                {plantTypeName(type)}
              </option>
            ))}
          </FormSelect>
          <FormTextarea name="description" label={t('sharing.form.description')} rows={4} className="field--wide" />
          <FormSelect name="listingType" label={t('sharing.form.listingType')}>
            {LISTING_TYPES.map((type) => (
              <option key={type} value={type}>
                {listingTypeName(type)}
              </option>
            ))}
          </FormSelect>
          <FormNumber name="quantity" label={t('sharing.form.quantity')} min={1} step={1} />
          {listingType === 'Sell' ? <FormNumber name="price" label={t('sharing.form.price')} min={0} step={0.01} inputMode="decimal" /> : null}
          <FormInput name="location" label={t('sharing.form.location')} placeholder={t('sharing.form.locationPlaceholder')} />
        </CardBody>
      </Card>
      <div className="listing-form__side">
        <PhotoPanel file={file} fallbackUrl={plantImage ?? ''} onChange={setFile} />
        {listing ? (
          <FormActions cancelTo={`/community/plant-sharing/${listing.id}`} label={t('sharing.form.save')} pendingLabel={t('sharing.form.saving')} pending={pending} />
        ) : (
          <FormActions cancelTo="/community/plant-sharing" label={t('sharing.form.create')} pendingLabel={t('sharing.form.creating')} pending={pending} />
        )}
      </div>
    </Form>
  );
}

/** NewListingPage (/community/plant-sharing/new); ?plantId= lists one of the user's plants. */
export function NewListingPage() {
  const t = useT();
  useDocumentTitle(t('sharing.new.title'));
  const { status } = useSession();
  const [params] = useSearchParams();
  const plantId = Number(params.get('plantId')) || undefined;
  const plant = useApiQuery<Plant>(status === 'signed-in' && plantId ? `/api/plants/${plantId}` : null);
  const back = <BackLink to="/community/plant-sharing">{t('sharing.back')}</BackLink>;
  if (status !== 'signed-in') {
    return (
      <div className="listing-form-page">
        {back}
        <SignInRequired title={t('sharing.new.title')} message={t('sharing.new.signIn')} />
      </div>
    );
  }
  if (plantId && plant.isLoading) return <div className="listing-form-page">{back}</div>;
  const initial = prefillFromQuery(params);
  const p = plant.data;
  if (p) {
    Object.assign(initial, { plantName: p.name, title: t('sharing.new.toShare', { name: p.name }), species: p.species ?? '' });
    if (p.plantType) initial.plantType = p.plantType;
  }
  return (
    <div className="listing-form-page">
      {back}
      <PageHeader title={t('sharing.new.title')} description={t('sharing.new.description')} />
      {plantId && plant.error ? <Alert variant="warning" title={t('sharing.new.plantFailed')} /> : null}
      <NewListingForm initial={initial} plantId={p ? p.id : undefined} plantImage={p?.imageUrl ?? undefined} />
    </div>
  );
}
