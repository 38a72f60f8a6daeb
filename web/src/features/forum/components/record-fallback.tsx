import { CloudOff } from 'lucide-react';
import type { CSSProperties } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/provider';
import { BackLink } from './back-link';

/**
 * RecordFallback: a forum page whose record (a category, a topic) is not there to show:
 * while it loads, a skeleton of the page (the back link's width, the title's height and
 * width, then the blocks' heights); when it failed, "{title}" with `message` and the way
 * back to the forum. `narrow` is the topic page's column.
 */
export function RecordFallback({
  loading,
  narrow = false,
  label,
  skeleton,
  title,
  message,
}: {
  loading: boolean;
  narrow?: boolean;
  label: string;
  skeleton: { back: number; title: [number, CSSProperties['width']]; blocks: number[] };
  title: string;
  message: string;
}) {
  const t = useT();
  return (
    <div className={narrow ? 'forum-page forum-page--narrow' : 'forum-page'}>
      {loading ? (
        <LoadingRegion label={label} className="forum-skeleton">
          <Skeleton height={20} width={skeleton.back} />
          <Skeleton height={skeleton.title[0]} width={skeleton.title[1]} />
          {skeleton.blocks.map((height, i) => (
            <Skeleton key={i} height={height} />
          ))}
        </LoadingRegion>
      ) : (
        <>
          <BackLink to="/community/forum" label={t('forum.back')} />
          <EmptyState icon={<CloudOff size={26} />} title={title}>
            {message}
          </EmptyState>
        </>
      )}
    </div>
  );
}
