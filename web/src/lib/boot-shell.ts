/**
 * The boot shell: index.html paints the app's frame (header, sidebar, bottom bar and grey
 * placeholders) over the page while its code downloads, for a gardener with a stored session,
 * so a phone on a slow network shows Garden at once instead of a blank screen (issue #27 item
 * 5). It covers whatever React draws until the first real screen is committed: the session's
 * gate (the page, the sign-in redirect, the unreachable-server screen) or the route's error
 * page takes it away in the same frame (a layout effect), so nothing moves under it.
 *
 * Where the gardener has opened the page before, the shell also paints its heading as the app
 * last drew it here (rememberPageHeader): the page's largest text is on screen with the HTML,
 * and React draws the same words in the same place.
 */
import { LOCALE_KEY } from '@/lib/i18n/locale';
import { readStored, removeStored, writeStored } from '@/lib/local-storage';

export function dropBootShell(): void {
  if (typeof document === 'undefined') return;
  document.getElementById('boot-shell')?.remove();
  delete document.documentElement.dataset.boot;
}

/** Where the pages' headings are kept for the shell; index.html's last script reads it. */
export const SHELL_HEADERS_KEY = 'garden-shell-headers';
/** The headings of this many pages are kept, the most recently drawn. */
const KEPT = 12;

/** A page's heading as the shell paints it. */
export interface ShellHeader {
  title: string;
  eyebrow?: string;
  description?: string;
  /** The language choice stored when it was drawn (LOCALE_KEY, "" for the browser's). */
  language: string;
  /** When it was drawn (dayPart): the shell paints the description only in the same one. */
  part: string;
}

/**
 * dayPart: the day and its part (morning, afternoon, evening, as lib/format's greeting says),
 * "2026-11-28/0". A description may greet or name the day, so the shell shows it only within
 * the part it was drawn in. index.html's script computes the same string.
 */
export function dayPart(now: Date): string {
  const hour = now.getHours();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}/${hour < 12 ? 0 : hour < 18 ? 1 : 2}`;
}

/** The path as the shell looks it up: without a trailing slash. */
const shellPath = (path: string) => path.replace(/(.)\/+$/, '$1');

function readHeaders(): Record<string, ShellHeader> {
  try {
    const parsed: unknown = JSON.parse(readStored(SHELL_HEADERS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ShellHeader>) : {};
  } catch {
    return {};
  }
}

/** rememberPageHeader keeps the heading the app has drawn at path, for the next load's shell. */
export function rememberPageHeader(path: string, header: Pick<ShellHeader, 'title' | 'eyebrow' | 'description'>, now = new Date()): void {
  const key = shellPath(path);
  const entry: ShellHeader = { ...header, language: readStored(LOCALE_KEY) ?? '', part: dayPart(now) };
  const headers = readHeaders();
  const old = headers[key];
  const same = (k: keyof ShellHeader) => old?.[k] === entry[k];
  // A page drawn again as it was (each render of its heading) writes nothing.
  if (same('title') && same('eyebrow') && same('description') && same('language') && same('part')) return;
  delete headers[key];
  // Insertion order is the age: the oldest go first when the list is full.
  const kept = Object.entries(headers).slice(-(KEPT - 1));
  writeStored(SHELL_HEADERS_KEY, JSON.stringify(Object.fromEntries([...kept, [key, entry]])));
}

/** forgetPageHeaders: a signed-out device keeps no heading (they name the gardener). */
export function forgetPageHeaders(): void {
  removeStored(SHELL_HEADERS_KEY);
}
