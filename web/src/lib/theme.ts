import { readStored, writeStored } from '@/lib/local-storage';

/**
 * The theme (issue #25 item 6): "system" follows the device's prefers-color-scheme, "light" and
 * "dark" are the gardener's choice. The choice is saved on the server (user settings) and
 * mirrored in local storage, where the inline script of index.html reads it before the first
 * paint and sets <html data-theme="light|dark">; styles/index.css keys the dark palette on it.
 */
export type Theme = 'system' | 'light' | 'dark';

/** The local storage key index.html's script reads (keep the two in step). */
export const THEME_KEY = 'garden-theme';

const darkQuery = '(prefers-color-scheme: dark)';

/** isTheme tells a theme from anything else. */
export function isTheme(value: unknown): value is Theme {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** storedTheme is this device's theme: what was last chosen or synced, "system" otherwise. */
export function storedTheme(): Theme {
  const t = readStored(THEME_KEY);
  return isTheme(t) ? t : 'system';
}

function paint(): void {
  const theme = storedTheme();
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia?.(darkQuery).matches === true);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** applyTheme keeps theme on this device and shows it at once. */
export function applyTheme(theme: Theme): void {
  writeStored(THEME_KEY, theme);
  paint();
}

/** followSystemTheme repaints when the device switches between light and dark ("system"). */
export function followSystemTheme(): void {
  window.matchMedia?.(darkQuery).addEventListener?.('change', paint);
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_KEY) paint(); // another tab chose a theme
  });
}
