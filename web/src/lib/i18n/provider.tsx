import { Fragment, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { i18n, type MessageKey, type MessageValues } from './i18n';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/** useLocale: the active language's tag ("de", "pt-BR"); the component re-renders on a switch. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/** A translator bound to the active language: t('nav.plants'), t('plants.count', { count }). */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * useT: the translator of the active language; the component re-renders when the language
 * changes. It needs no provider (Lingui's instance is the app's one), so components render the
 * same in tests, in the app and in a lazily loaded chunk.
 */
export function useT(): Translate {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator for each language
  return useCallback<Translate>((key, values) => i18n._(key, values), [locale]);
}

/**
 * LocaleRemount remounts what it wraps when the language changes (the sign-in page's picker,
 * Settings), so texts computed outside a translator hook (date helpers, role labels) follow
 * too; SWR's cache and the toasts live above it and stay.
 */
export function LocaleRemount({ children }: { children: ReactNode }) {
  return <Fragment key={useLocale()}>{children}</Fragment>;
}
