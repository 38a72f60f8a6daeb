/**
 * A toast that must survive a full page load (for example "Login successful", shown
 * just before the app loads / as a new document). Kept in sessionStorage, read once.
 */
const FLASH_KEY = 'garden.flashToast';

export interface FlashToast {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}

export function saveFlashToast(toast: FlashToast): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // sessionStorage blocked: the toast is simply not carried over
  }
}

export function takeFlashToast(): FlashToast | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    const value = JSON.parse(raw) as FlashToast | null;
    return value && typeof value.title === 'string' ? value : null;
  } catch {
    return null;
  }
}
