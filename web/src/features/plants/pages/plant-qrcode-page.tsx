import { ArrowLeft, Download, Printer, QrCode, RefreshCw, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { downloadText, downloadUrl } from '@/lib/download';
import { qrFileName } from '@/lib/text';
import { parseId } from '@/lib/urls';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePlant } from '../api/get-plant';
import { usePlantQrCode } from '../api/get-plant-qrcode';
import { getPlantQrCodeSvg } from '../api/get-plant-qrcode-svg';
import './plant-qrcode-page.css';

/** The QR image is shown 200 px wide (spec 01 §2). */
const QR_WIDTH = 200;

/**
 * PlantQrCodePage (/plants/{id}/qrcode): the plant's QR label with PNG and SVG downloads
 * and printing of the label alone (see the print rules in the stylesheet).
 */
export function PlantQrCodePage() {
  useDocumentTitle('QR Code');
  const params = useParams();
  const id = parseId(params.id);
  const plant = usePlant(id);
  const qr = usePlantQrCode(id);
  const { toast } = useToast();
  const [imageBroken, setImageBroken] = useState(false);
  const [svgPending, setSvgPending] = useState(false);
  const name = plant.data?.name ?? '';
  const backTo = id === null ? '/plants' : `/plants/${id}`;

  const downloadPng = () => {
    if (!qr.data?.qrCodeDataUrl || id === null) return;
    try {
      downloadUrl(qr.data.qrCodeDataUrl, qrFileName(id, name, 'png'));
    } catch {
      toast({ title: 'Failed to download PNG', variant: 'destructive' });
    }
  };

  const downloadSvg = async () => {
    if (id === null) return;
    setSvgPending(true);
    let svg: string;
    try {
      svg = await getPlantQrCodeSvg(id);
    } catch {
      toast({ title: 'Failed to fetch SVG', variant: 'destructive' });
      setSvgPending(false);
      return;
    }
    try {
      downloadText(svg, 'image/svg+xml', qrFileName(id, name, 'svg'));
    } catch {
      toast({ title: 'Failed to download SVG', variant: 'destructive' });
    } finally {
      setSvgPending(false);
    }
  };

  const print = () => {
    try {
      window.print();
    } catch {
      toast({ title: 'Failed to prepare for printing', variant: 'destructive' });
    }
  };

  const back = (
    <Link to={backTo} className="back-link qr-page__back">
      <ArrowLeft size={18} aria-hidden="true" />
      Back to plant details
    </Link>
  );

  if (id === null || (plant.error instanceof ApiError && plant.error.status === 404)) {
    return (
      <div className="qr-page">
        {back}
        <EmptyState icon={<SearchX size={26} />} title="Plant not found" titleAs="h1">
          Failed to fetch plant details
        </EmptyState>
      </div>
    );
  }

  let label;
  if (qr.isLoading || plant.isLoading) {
    label = (
      <LoadingRegion label="Loading QR code…" className="qr-label">
        <Skeleton width={QR_WIDTH} height={QR_WIDTH} />
        <Skeleton width={140} height={20} />
      </LoadingRegion>
    );
  } else if (qr.error || !qr.data?.qrCodeDataUrl) {
    label = (
      <Alert variant="destructive" title="Failed to fetch QR code">
        <p>Failed to load QR code. Please try again.</p>
        <Button
          size="sm"
          variant="outline"
          className="qr-page__retry"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => void qr.mutate()}
        >
          Try again
        </Button>
      </Alert>
    );
  } else {
    label = (
      <figure className="qr-label" aria-label="QR label">
        {imageBroken ? (
          <Alert variant="destructive" title="Failed to load QR code image" />
        ) : (
          <img
            src={qr.data.qrCodeDataUrl}
            alt={name ? `QR code for ${name}` : 'QR code'}
            width={QR_WIDTH}
            height={QR_WIDTH}
            className="qr-label__image"
            onError={() => setImageBroken(true)}
          />
        )}
        <figcaption className="qr-label__name">{name || `Plant ${id}`}</figcaption>
        {plant.data?.species ? <p className="qr-label__species">{plant.data.species}</p> : null}
      </figure>
    );
  }

  const ready = Boolean(qr.data?.qrCodeDataUrl) && !imageBroken;
  return (
    <div className="qr-page">
      {back}
      <PageHeader
        title="QR Code"
        description={name ? `A label for ${name}: scanning it opens the plant's page.` : undefined}
      />
      {plant.error ? (
        <Alert variant="warning" title="Failed to fetch plant details">
          The label is shown without the plant's name.
        </Alert>
      ) : null}
      <section className="qr-page__card">
        <div className="qr-page__print-area">{label}</div>
        <div className="qr-page__actions">
          <Button icon={<Download size={18} aria-hidden="true" />} disabled={!ready} onClick={downloadPng}>
            Download PNG
          </Button>
          <Button
            variant="outline"
            icon={<Download size={18} aria-hidden="true" />}
            disabled={!ready}
            loading={svgPending}
            onClick={() => void downloadSvg()}
          >
            Download SVG
          </Button>
          <Button variant="outline" icon={<Printer size={18} aria-hidden="true" />} disabled={!ready} onClick={print}>
            Print QR Code
          </Button>
        </div>
        <p className="qr-page__hint">
          <QrCode size={16} aria-hidden="true" /> Printing shows the label only: the plant's name and its code.
        </p>
      </section>
    </div>
  );
}
