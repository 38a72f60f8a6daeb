import { Sprout } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n/provider';
import './plant-image.css';

/** thumbnailUrl: the server's thumbnail of a stored image (/api/images/…?size=thumb); null for other addresses. */
export function thumbnailUrl(src: string | null | undefined): string | null {
  return src && src.startsWith('/api/images/') && !src.includes('?') ? `${src}?size=thumb` : null;
}

/**
 * PlantImage shows a plant's photo and falls back to each alternative URL in turn, then
 * to a placeholder icon (spec 01 §4). With `thumb`, a stored image is first asked for as its
 * thumbnail (lists and cards), then in full.
 */
export function PlantImage({
  src,
  alternatives = [],
  alt,
  className,
  iconSize = 36,
  thumb = false,
}: {
  src: string | null | undefined;
  alternatives?: (string | null | undefined)[] | null;
  alt: string;
  className?: string;
  iconSize?: number;
  thumb?: boolean;
}) {
  const t = useT();
  const candidates = [thumb ? thumbnailUrl(src) : null, src, ...(alternatives ?? [])].filter((u): u is string => Boolean(u));
  const signature = candidates.join('\n');
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [signature]);
  const current = candidates[index];
  return (
    <div className={['plant-image', className].filter(Boolean).join(' ')}>
      {current ? (
        <img src={current} alt={alt} loading="lazy" onError={() => setIndex((i) => i + 1)} />
      ) : (
        <div className="plant-image__placeholder" role="img" aria-label={t('common.noPhoto', { alt })}>
          <Sprout size={iconSize} aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
