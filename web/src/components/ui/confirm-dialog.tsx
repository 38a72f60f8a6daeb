import type { ReactNode } from 'react';
import { lazyDialog } from './lazy-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
}

/**
 * ConfirmDialog asks before something irreversible (see ConfirmDialogContent). Nearly every
 * page offers one and few open it, so its code (Radix AlertDialog, focus trap, scroll lock)
 * loads right after the page instead of with it.
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-content').then((m) => m.ConfirmDialogContent),
  { preload: true },
);
