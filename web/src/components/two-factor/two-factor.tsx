import { Copy, CopyCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { useT } from '@/lib/i18n/provider';
import { downloadText } from './download-text';
import './two-factor.css';

/** A TOTP secret to scan: the QR code, and the secret to type by hand. */
export function TotpQr({ secret, otpauthUrl, qrSvg }: { secret: string; otpauthUrl: string; qrSvg?: string }) {
  const t = useT();
  return (
    <div className="totp-qr">
      {qrSvg ? (
        <img
          className="totp-qr__image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          alt={t('shared.twoFactor.qrAlt')}
          width={184}
          height={184}
        />
      ) : null}
      <div className="totp-qr__text">
        <p>{t('shared.twoFactor.scan')}</p>
        <code className="totp-qr__secret" aria-label={t('shared.twoFactor.secret')}>
          {secret.match(/.{1,4}/g)?.join(' ')}
        </code>
        <p className="muted">
          <a href={otpauthUrl}>{t('shared.twoFactor.open')}</a>
        </p>
      </div>
    </div>
  );
}

/** The recovery codes, shown once, to copy or download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>{t('shared.twoFactor.saveCodes')}</strong> {t('shared.twoFactor.saveCodesText')}
      </p>
      <ol className="recovery-codes__list" aria-label={t('shared.twoFactor.codes')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button
          variant="outline"
          icon={copied ? <CopyCheck size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          onClick={async () => setCopied(await copyText(text))}
        >
          {copied ? t('shared.twoFactor.copied') : t('shared.twoFactor.copy')}
        </Button>
        <Button variant="outline" icon={<Download size={16} aria-hidden="true" />} onClick={() => downloadText('garden-recovery-codes.txt', text)}>
          {t('shared.twoFactor.download')}
        </Button>
      </div>
    </div>
  );
}
