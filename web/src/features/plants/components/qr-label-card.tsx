import { QrCode } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlantQrCode } from '../api/get-plant-qrcode';

/** QrLabelCard: a small preview of the plant's QR label, linking to the label page. */
export function QrLabelCard({ plantId, plantName }: { plantId: number; plantName: string }) {
  const qr = usePlantQrCode(plantId);
  return (
    <Card aria-labelledby="qr-card-title">
      <CardHeader icon={<QrCode size={18} />} title={<span id="qr-card-title">QR Label</span>} />
      <CardBody className="qr-card">
        {qr.isLoading ? (
          <Skeleton width={120} height={120} />
        ) : qr.data?.qrCodeDataUrl ? (
          <img src={qr.data.qrCodeDataUrl} alt={`QR code for ${plantName}`} width={120} height={120} className="qr-card__image" />
        ) : (
          <p className="muted">Failed to load QR code. Please try again.</p>
        )}
        <p className="muted qr-card__text">Stick a label on the pot: scanning it opens this page.</p>
        <Link to={`/plants/${plantId}/qrcode`} className={buttonClass('outline', 'sm')}>
          Print or download
        </Link>
      </CardBody>
    </Card>
  );
}
