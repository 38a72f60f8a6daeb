import { CloudDrizzle, Droplets, FlaskConical, RotateCw, Scissors, Search, Shovel, Sprout, type LucideProps } from 'lucide-react';

const icons = {
  water: Droplets,
  fertilize: FlaskConical,
  prune: Scissors,
  repot: Shovel,
  mist: CloudDrizzle,
  rotate: RotateCw,
  inspect: Search,
} as const;

/** TaskTypeIcon: the icon of a care task type (a sprout for unknown types). */
export function TaskTypeIcon({ type, ...props }: { type: string } & LucideProps) {
  const Icon = icons[type as keyof typeof icons] ?? Sprout;
  return <Icon aria-hidden="true" {...props} />;
}
