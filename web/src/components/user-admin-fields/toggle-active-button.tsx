import { Power, PowerOff } from 'lucide-react';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/provider';

/** ToggleActiveButton: Deactivate (or Activate) on a user row; `busy` is the row being changed. */
export function ToggleActiveButton({
  user,
  busy,
  onToggle,
}: {
  user: Pick<User, 'id' | 'username' | 'isActive'>;
  busy: number | null;
  onToggle: () => void;
}) {
  const active = user.isActive !== false;
  const t = useT();
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={active ? <PowerOff size={15} aria-hidden="true" /> : <Power size={15} aria-hidden="true" />}
      aria-label={active ? t('admin.deactivateLabel', { name: user.username }) : t('admin.activateLabel', { name: user.username })}
      loading={busy === user.id}
      disabled={busy !== null}
      onClick={onToggle}
    >
      {active ? t('admin.deactivate') : t('admin.activate')}
    </Button>
  );
}
