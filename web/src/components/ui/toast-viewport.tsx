import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, Info, CircleExclamationPoint, X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD } from '@/lib/config';
import { useT } from '@/lib/i18n/provider';
import type { ToastItem } from './toast';
import './toast.css';

const icons = { default: Info, success: CircleCheck, destructive: CircleExclamationPoint } as const;

/** ToastViewport draws the toasts ToastProvider holds, with Radix's swipe, F8 and live region. */
export function ToastViewport({ items, dismiss }: { items: ToastItem[]; dismiss: (id: number) => void }) {
  const t = useT();
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={t('common.notification')}
    >
      {items.map((item) => {
        const variant = item.variant ?? 'default';
        const Icon = icons[variant];
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            className={`toast toast--${variant}`}
            type={variant === 'destructive' ? 'foreground' : 'background'}
          >
            <Icon className="toast__icon" aria-hidden="true" size={20} />
            <div className="toast__body">
              <RadixToast.Title className="toast__title">{item.title}</RadixToast.Title>
              {item.description ? (
                <RadixToast.Description className="toast__description">
                  {item.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close className="toast__close" aria-label={t('common.close')}>
              <X size={16} aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
