import { Copy, CopyCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { downloadText } from './download-text';
import './two-factor.css';

/** A TOTP secret to scan: the QR code, and the secret to type by hand. */
export function TotpQr({ secret, otpauthUrl, qrSvg }: { secret: string; otpauthUrl: string; qrSvg?: string }) {
  return (
    <div className="totp-qr">
      {qrSvg ? (
        <img
          className="totp-qr__image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          alt="QR code for your authenticator app"
          width={184}
          height={184}
        />
      ) : null}
      <div className="totp-qr__text">
        <p>Scan the code with an authenticator app (Aegis, 2FAS, Google Authenticator, 1Password…), or type this key:</p>
        <code className="totp-qr__secret" aria-label="Secret key">
          {secret.match(/.{1,4}/g)?.join(' ')}
        </code>
        <p className="muted">
          <a href={otpauthUrl}>Open in an authenticator app on this device</a>
        </p>
      </div>
    </div>
  );
}

/** The recovery codes, shown once, to copy or download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';
  return (
    <div className="recovery-codes" role="status">
      <p>
        <strong>Save your recovery codes now.</strong> Each signs you in once if you lose your phone. They will not be shown
        again.
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
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
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" icon={<Download size={16} aria-hidden="true" />} onClick={() => downloadText('garden-recovery-codes.txt', text)}>
          Download
        </Button>
      </div>
    </div>
  );
}
