import { CloudOff, RefreshCw, SearchX } from 'lucide-react';
import { getErrorMessage } from '@/api/client';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';

export function RowsSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="dashboard-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={64} />
      ))}
    </LoadingRegion>
  );
}

export function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <EmptyState
      compact
      icon={<CloudOff size={22} />}
      title={title}
      action={
        <Button variant="outline" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={retry}>
          Try again
        </Button>
      }
    >
      {getErrorMessage(error, 'Please try again later.')}
    </EmptyState>
  );
}

export function NoMatch({ search, what }: { search: string; what: string }) {
  return (
    <EmptyState compact icon={<SearchX size={22} />} title="No Results Found">
      No {what} matches “{search.trim()}”.
    </EmptyState>
  );
}
