/** browserTimeZone: the IANA zone this browser runs in ("Europe/Paris"), or null when unknown. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** timeZoneNames: every IANA zone this browser knows, with `current` first when it is missing. */
export function timeZoneNames(current?: string | null): string[] {
  let names: string[];
  try {
    names = Intl.supportedValuesOf('timeZone');
  } catch {
    names = [];
  }
  const all = new Set(names);
  all.add('UTC');
  for (const z of [current, browserTimeZone()]) if (z) all.add(z);
  return [...all].sort();
}
