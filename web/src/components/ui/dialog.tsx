import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/provider';
import './dialog.css';

/**
 * Dialog: a centred modal (a bottom sheet on phones) with a title, an optional
 * description, a scrolling body and a footer that stays in view.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content className={`dialog dialog--${size}`}>
          <div className="dialog__header">
            <div className="dialog__heading">
              <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close className="icon-close dialog__close" aria-label={t('common.close')}>
              <X size={20} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="dialog__body">{children}</div>
          {footer ? <div className="dialog__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
