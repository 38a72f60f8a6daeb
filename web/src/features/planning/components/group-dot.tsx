import { DEFAULT_GROUP_COLOR } from '../api/rotation';

/** GroupDot is a rotation group's colour dot (the default grey-blue when it has none). */
export function GroupDot({ color, size = 12 }: { color: string | null | undefined; size?: number }) {
  return <span className="pl-dot" aria-hidden="true" style={{ background: color || DEFAULT_GROUP_COLOR, width: size, height: size }} />;
}
