import { getErrorMessage } from '@/api/client';
import { useToast, type ToastInput } from './toast';

/** What a failed action's toast says: its title, and the text when the error carries none. */
export interface ActionFailure {
  title: string;
  fallback: string;
}

/**
 * useToastedAction runs one-click actions (toggle, delete) and says how each went: the success
 * toast the action returns, or a destructive toast with the server's message. It never throws,
 * so the caller can clear its busy state right after; it resolves to whether the action worked.
 */
export function useToastedAction() {
  const { toast } = useToast();
  return async (action: () => Promise<ToastInput>, failure: ActionFailure): Promise<boolean> => {
    try {
      toast(await action());
      return true;
    } catch (error) {
      toast({ title: failure.title, description: getErrorMessage(error, failure.fallback), variant: 'destructive' });
      return false;
    }
  };
}
