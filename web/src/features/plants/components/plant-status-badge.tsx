import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/care';

const tones: Record<string, BadgeTone> = { healthy: 'green', needs_water: 'blue', needs_care: 'amber' };

/** PlantStatusBadge: Healthy (green), Needs Water (blue), Needs Care (amber), others as is. */
export function PlantStatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge tone={tones[status ?? ''] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}
