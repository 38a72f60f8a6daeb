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
import { CARE_FIELDS, careInstructionsObject } from '@/lib/plant-prefill';
import { isHttpUrl, parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AddToMyPlantsButton } from '../components/add-to-my-plants-button';
import { itemType } from '../components/categories';
import { RequirementValue } from '../components/requirement-value';
import './plant-database-detail-page.css';

export const PLANT_NOT_FOUND = 'Plant Not Found';

/** The list the visitor came from (tab and all), else the plain list. */
function useBackTarget(): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/plant-database') ? from : '/plant-database';
}

function BackLink() {
  return (
    <Link to={useBackTarget()} className="back-link">
      <ArrowLeft size={18} aria-hidden="true" />
      Back to Plant Database
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
  const care = careInstructionsObject(item.careInstructions);
  if (typeof care === 'string') return <RichText content={care} />;
  const parts = care
    ? CARE_FIELDS.flatMap(([key, label]) => {
        const value = care[key];
        return typeof value === 'string' && value.trim() ? [{ key, label, value }] : [];
      })
    : [];
  if (parts.length === 0) return <p className="muted">No care instructions yet.</p>;
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
            Purchase Seeds
          </a>
        ) : null}
      </DetailHero>

      <div className="db-detail__grid">
        <Card className="db-detail__wide" aria-labelledby="db-about-title">
          <CardHeader icon={<Leaf size={18} />} title={<span id="db-about-title">About this plant</span>} />
          <CardBody>
            {item.description?.trim() ? (
              <RichText content={item.description} />
            ) : (
              <p className="muted">No description yet.</p>
            )}
          </CardBody>
        </Card>
        <Card aria-labelledby="db-requirements-title">
          <CardHeader icon={<Sun size={18} />} title={<span id="db-requirements-title">Growing Requirements</span>} />
          <CardBody>
            <dl className="db-requirements">
              <Requirement icon={<Droplets size={16} />} label="Water" value={item.waterRequirements} />
              <Requirement icon={<Sun size={16} />} label="Light" value={item.lightRequirements} />
              <Requirement icon={<FlaskConical size={16} />} label="Fertilizer" value={fertilizer} />
            </dl>
          </CardBody>
        </Card>
        <Card aria-labelledby="db-care-title">
          <CardHeader icon={<ClipboardList size={18} />} title={<span id="db-care-title">Care Instructions</span>} />
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
  useDocumentTitle('Plant Database');

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
            title={PLANT_NOT_FOUND}
            titleAs="h1"
            action={
              <Link to="/plant-database" className={buttonClass('primary')}>
                Browse the Plant Database
              </Link>
            }
          >
            This plant is not in the plant database. It may have been removed.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<CloudOff size={26} />}
            title="Could not load this plant"
            titleAs="h1"
            action={
              <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={() => void item.mutate()}>
                Try again
              </Button>
            }
          >
            Something went wrong while loading this plant. Please try again.
          </EmptyState>
        )}
      </div>
    );
  }
  return <PlantDatabaseDetails item={item.data} />;
}
