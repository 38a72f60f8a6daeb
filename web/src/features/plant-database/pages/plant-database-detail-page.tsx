import { ArrowLeft, ClipboardList, CloudOff, Droplets, FlaskConical, Leaf, RefreshCw, SearchX, ShoppingCart, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { usePlantDatabaseItem } from '@/api/plant-database/get-plant-database-item';
import type { PlantDatabaseItem } from '@/api/types';
import { DetailHero, DetailPageSkeleton } from '@/components/detail-hero/detail-hero';
import { RichText } from '@/components/rich-text/rich-text';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/provider';
import { CARE_FIELDS, careInstructionsObject } from '@/lib/plant-prefill';
import { isHttpUrl, parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddToMyPlantsButton } from '../components/add-to-my-plants-button';
import { CARE_PART_LABELS, itemType } from '../components/categories';
import { RequirementValue } from '../components/requirement-value';
import './plant-database-detail-page.css';

export const PLANT_NOT_FOUND: MessageKey = 'plantdb.detail.notFound';

/** The list the visitor came from (tab and all), else the plain list. */
function useBackTarget(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/plant-database') ? from : '/plant-database';
}

function BackLink() {
  const t = useT();
  return (
    <Link to={useBackTarget()} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      {t('plantdb.detail.back')}
    </Link>
  );
}

function Requirement({ icon, label, value }: { icon: ReactNode; label: string; value: string | null | undefined }) {
  return (
    <div className="db-requirement">
      <dt>
        <span className="db-requirement__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <RequirementValue value={value} />
    </div>
  );
}

/** CareInstructions: text (HTML or plain), or the named parts with their labels. */
function CareInstructions({ item }: { item: PlantDatabaseItem }) {
  const t = useT();
  const care = careInstructionsObject(item.careInstructions);
  if (typeof care === 'string') return <RichText content={care} />;
  const parts = care
    ? CARE_FIELDS.flatMap(([key]) => {
        const value = care[key];
        return typeof value === 'string' && value.trim() ? [{ key, label: t(CARE_PART_LABELS[key]), value }] : [];
      })
    : [];
  if (parts.length === 0) return <p className="muted">{t('plantdb.detail.noCare')}</p>;
  return (
    <dl className="db-care">
      {parts.map((part) => (
        <div key={part.key} className="db-care__part">
          <dt>{part.label}</dt>
          <dd>
            <RichText content={part.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function PlantDatabaseDetails({ item }: { item: PlantDatabaseItem }) {
  const t = useT();
  useDocumentTitle(item.commonName);
  const fertilizer = item.fertilizerRequirements || item.fertilizorRequirements;
  const storeUrl = item.storeUrl && isHttpUrl(item.storeUrl) ? item.storeUrl : null;
  return (
    <div className="detail-page db-detail">
      <BackLink />
      <DetailHero
        variant="large"
        image={{ src: item.imageUrl, alternatives: item.alternativeImageUrls, alt: item.commonName, iconSize: 56 }}
        name={item.commonName}
        subtitle={item.scientificName}
        badges={<Badge tone="purple">{itemType(item)}</Badge>}
      >
        <AddToMyPlantsButton item={item} />
        {storeUrl ? (
          <a href={storeUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
            <ShoppingCart size={18} aria-hidden="true" />
            {t('plantdb.detail.purchase')}
          </a>
        ) : null}
      </DetailHero>

      <div className="db-detail__grid">
        <Card className="db-detail__wide" aria-labelledby="db-about-title">
          <CardHeader icon={<Leaf size={18} />} title={<span id="db-about-title">{t('plantdb.detail.about')}</span>} />
          <CardBody>
            {item.description?.trim() ? (
              <RichText content={item.description} />
            ) : (
              <p className="muted">{t('plantdb.detail.noDescription')}</p>
            )}
          </CardBody>
        </Card>
        <Card aria-labelledby="db-requirements-title">
          <CardHeader icon={<Sun size={18} />} title={<span id="db-requirements-title">{t('plantdb.detail.requirements')}</span>} />
          <CardBody>
            <dl className="db-requirements">
              <Requirement icon={<Droplets size={16} />} label={t('plantdb.water')} value={item.waterRequirements} />
              <Requirement icon={<Sun size={16} />} label={t('plantdb.light')} value={item.lightRequirements} />
              <Requirement icon={<FlaskConical size={16} />} label={t('plantdb.care.fertilizer')} value={fertilizer} />
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="db-care-title">
          <CardHeader icon={<ClipboardList size={18} />} title={<span id="db-care-title">{t('plantdb.detail.care')}</span>} />
          <CardBody>
            <CareInstructions item={item} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

/** PlantDatabaseDetailPage (/plant-database/{id}); a non-numeric id sends no request. */
export function PlantDatabaseDetailPage() {
  const params = useParams();
  const id = parseId(params.id);
  const item = usePlantDatabaseItem(id);
  const t = useT();
  useDocumentTitle(t('nav.plantDatabase'));

  if (id !== null && item.isLoading) {
    return <DetailPageSkeleton variant="large" className="db-detail" grid={{ className: 'db-detail__grid', cards: 2, cardHeight: 220 }} />;
  }
  if (id === null || item.error || !item.data) {
    const notFound = id === null || (item.error instanceof ApiError && item.error.status === 404) || !item.error;
    return (
      <div className="detail-page db-detail">
        <BackLink />
        {notFound ? (
          <EmptyState
            icon={<SearchX size={26} />}
            title={t(PLANT_NOT_FOUND)}
            titleAs="h1"
            action={
              <Link to="/plant-database" className={buttonClass('primary')}>
                {t('plantdb.detail.browse')}
              </Link>
            }
          >
            {t('plantdb.detail.notFoundText')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<CloudOff size={26} />}
            title={t('plantdb.detail.failed')}
            titleAs="h1"
            action={
              <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void item.mutate()}>
                {t('common.tryAgain')}
              </Button>
            }
          >
            {t('plantdb.detail.failedText')}
          </EmptyState>
        )}
      </div>
    );
  }
  return <PlantDatabaseDetails item={item.data} />;
}
