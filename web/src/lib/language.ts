/** The twelve languages Garden speaks (issue #25), each named in itself, English first. */
export const LANGUAGES: ReadonlyArray<{ tag: string; name: string }> = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'fr', name: 'Français' },
  { tag: 'es', name: 'Español' },
  { tag: 'it', name: 'Italiano' },
  { tag: 'nl', name: 'Nederlands' },
  { tag: 'pt-BR', name: 'Português (Brasil)' },
  { tag: 'pl', name: 'Polski' },
  { tag: 'da', name: 'Dansk' },
  { tag: 'nb', name: 'Norsk bokmål' },
  { tag: 'hu', name: 'Magyar' },
  { tag: 'ru', name: 'Русский' },
];

/**
 * gardenLanguage: the first of the browser's languages (navigator.languages, "de-AT", "nn")
 * that Garden speaks, as the server spells it ("de", "nb", "pt-BR"), or null when none is.
 */
export function gardenLanguage(preferred: readonly string[]): string | null {
  for (const raw of preferred) {
    const primary = raw.toLowerCase().split(/[-_]/)[0] ?? '';
    if (primary === 'pt') return 'pt-BR'; // the Portuguese Garden speaks is Brazil's
    if (primary === 'no' || primary === 'nn' || primary === 'nb') return 'nb';
    const hit = LANGUAGES.find((l) => l.tag === primary);
    if (hit) return hit.tag;
  }
  return null;
}

/** browserLanguage: the browser's own language as one of Garden's, or null. */
export function browserLanguage(): string | null {
  if (typeof navigator === 'undefined') return null;
  const list = navigator.languages?.length ? navigator.languages : [navigator.language];
  return gardenLanguage(list.filter(Boolean));
}
