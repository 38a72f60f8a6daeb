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
import { useT } from '@/lib/i18n/provider';
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
  const t = useT();
  useDocumentTitle(t('plants.qrPage.title'));
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
      toast({ title: t('plants.qrPage.pngFailed'), variant: 'destructive' });
    }
  };

  const downloadSvg = async () => {
    if (id === null) return;
    setSvgPending(true);
    let svg: string;
    try {
      svg = await getPlantQrCodeSvg(id);
    } catch {
      toast({ title: t('plants.qrPage.svgFetchFailed'), variant: 'destructive' });
      setSvgPending(false);
      return;
    }
    try {
      downloadText(svg, 'image/svg+xml', qrFileName(id, name, 'svg'));
    } catch {
      toast({ title: t('plants.qrPage.svgFailed'), variant: 'destructive' });
    } finally {
      setSvgPending(false);
    }
  };

  const print = () => {
    try {
      window.print();
    } catch {
      toast({ title: t('plants.qrPage.printFailed'), variant: 'destructive' });
    }
  };

  const back = (
    <Link to={backTo} className="back-link qr-page__back">
      <ArrowLeft size={18} aria-hidden="true" />
      {t('plants.qrPage.back')}
    </Link>
  );

  if (id === null || (plant.error instanceof ApiError && plant.error.status === 404)) {
    return (
      <div className="qr-page">
        {back}
        <EmptyState icon={<SearchX size={26} />} title={t('plants.qrPage.notFound')} titleAs="h1">
          {t('plants.qrPage.plantFailed')}
        </EmptyState>
      </div>
    );
  }

  let label;
  if (qr.isLoading || plant.isLoading) {
    label = (
      <LoadingRegion label={t('plants.qrPage.loading')} className="qr-label">
        <Skeleton width={QR_WIDTH} height={QR_WIDTH} />
        <Skeleton width={140} height={20} />
      </LoadingRegion>
    );
  } else if (qr.error || !qr.data?.qrCodeDataUrl) {
    label = (
      <Alert variant="destructive" title={t('plants.qrPage.fetchFailed')}>
        <p>{t('plants.qr.failed')}</p>
        <Button
          size="sm"
          variant="outline"
          className="qr-page__retry"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => void qr.mutate()}
        >
          {t('common.tryAgain')}
        </Button>
      </Alert>
    );
  } else {
    label = (
      <figure className="qr-label" aria-label={t('plants.qrPage.label')}>
        {imageBroken ? (
          <Alert variant="destructive" title={t('plants.qrPage.imageFailed')} />
        ) : (
          <img
            src={qr.data.qrCodeDataUrl}
            alt={name ? t('plants.qr.alt', { name }) : t('plants.qrPage.alt')}
            width={QR_WIDTH}
            height={QR_WIDTH}
            className="qr-label__image"
            onError={() => setImageBroken(true)}
          />
        )}
        <figcaption className="qr-label__name">{name || t('plants.qrPage.plant', { id })}</figcaption>
        {plant.data?.species ? <p className="qr-label__species">{plant.data.species}</p> : null}
      </figure>
    );
  }

  const ready = Boolean(qr.data?.qrCodeDataUrl) && !imageBroken;
  return (
    <div className="qr-page">
      {back}
      <PageHeader
        title={t('plants.qrPage.title')}
        description={name ? t('plants.qrPage.text', { name }) : undefined}
      />
      {plant.error ? (
        <Alert variant="warning" title={t('plants.qrPage.plantFailed')}>
          {t('plants.qrPage.noName')}
        </Alert>
      ) : null}
      <section className="qr-page__card">
        <div className="qr-page__print-area">{label}</div>
        <div className="qr-page__actions">
          <Button icon={<Download size={18} aria-hidden="true" />} disabled={!ready} onClick={downloadPng}>
            {t('plants.qrPage.png')}
          </Button>
          <Button
            variant="outline"
            icon={<Download size={18} aria-hidden="true" />}
            disabled={!ready}
            loading={svgPending}
            onClick={() => void downloadSvg()}
          >
            {t('plants.qrPage.svg')}
          </Button>
          <Button variant="outline" icon={<Printer size={18} aria-hidden="true" />} disabled={!ready} onClick={print}>
            {t('plants.qrPage.print')}
          </Button>
        </div>
        <p className="qr-page__hint">
          <QrCode size={16} aria-hidden="true" /> {t('plants.qrPage.hint')}
        </p>
      </section>
    </div>
  );
}
