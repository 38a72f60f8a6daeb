import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (issue 27: an "Install app" button where the browser
 * offers installation). Chromium fires `beforeinstallprompt` once, early, when the app is
 * installable; it is kept here so that a button drawn later can show the browser's dialog.
 * Browsers without the event (Safari, Firefox) never show the button.
 */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** listenForInstallPrompt starts keeping the browser's offer; main.tsx calls it at start. */
export function listenForInstallPrompt(target: Window = window): () => void {
  const onOffer = (event: Event) => {
    // Without preventDefault some browsers show their own mini bar over the page.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  };
  const onInstalled = () => {
    offer = null;
    changed();
  };
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/** installApp shows the browser's install dialog; the offer is spent either way. */
export async function installApp(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** useCanInstall: the browser has offered installation and it was not used yet. */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offer !== null,
    () => false,
  );
}
