import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/provider';
import { usePlantQrCode } from '../api/get-plant-qrcode';

/** QrLabelCard: a small preview of the plant's QR label, linking to the label page. */
export function QrLabelCard({ plantId, plantName }: { plantId: number; plantName: string }) {
  const qr = usePlantQrCode(plantId);
  const t = useT();
  return (
    <Card aria-labelledby="qr-card-title">
      <CardHeader icon={<QrCode size={18} />} title={<span id="qr-card-title">{t('plants.qr.title')}</span>} />
      <CardBody className="qr-card">
        {qr.isLoading ? (
          <Skeleton width={120} height={120} />
        ) : qr.data?.qrCodeDataUrl ? (
          <img src={qr.data.qrCodeDataUrl} alt={t('plants.qr.alt', { name: plantName })} width={120} height={120} className="qr-card__image" />
        ) : (
          <p className="muted">{t('plants.qr.failed')}</p>
        )}
        <p className="muted qr-card__text">{t('plants.qr.text')}</p>
        <Link to={`/plants/${plantId}/qrcode`} className={buttonClass('outline', 'sm')}>
          {t('plants.qr.print')}
        </Link>
      </CardBody>
    </Card>
  );
}
