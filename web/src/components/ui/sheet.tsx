import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import './sheet.css';

/**
 * Sheet is a Radix Dialog that slides in from the left edge (the mobile navigation drawer)
 * or the right one (a side panel such as the harvest stats); className adds to the panel's.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = 'left',
  closeLabel = 'Close menu',
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  side?: 'left' | 'right';
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet__overlay" />
        <Dialog.Content className={['sheet', side === 'right' ? 'sheet--right' : '', className].filter(Boolean).join(' ')}>
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-close" aria-label={closeLabel}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">{description ?? title}</Dialog.Description>
          <div className="sheet__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
