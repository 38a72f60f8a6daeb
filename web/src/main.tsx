// First: configures zod before any module that builds a schema is evaluated.
import './lib/zod-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initialLocale, loadLocale, registerCatalogues } from './lib/i18n/i18n';
import { listenForInstallPrompt } from './lib/install-prompt';
import { startSessionRestore } from './lib/session';
import { followSystemTheme } from './lib/theme';
import './styles/index.css';

// The browser offers installation once, early: kept for the "Install app" button.
listenForInstallPrompt();
// index.html painted the theme; a device switching light/dark, or another tab, repaints it.
followSystemTheme();

// The stored session's check leaves now, beside the first page's code (lib/session).
startSessionRestore();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

registerCatalogues(import.meta.glob('./locales/*.json'));
// The first paint waits for the language's catalogue (a small chunk per language, fetched
// with the route's code); a catalogue that cannot be fetched leaves the app in English.
// The first render is a transition: React renders it in slices of a few milliseconds with
// the browser free in between, instead of one long task that a slow phone's user waits on
// (Lighthouse's Total Blocking Time). Nothing is shown before it either way.
const mount = () =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
loadLocale(initialLocale())
  .catch(() => loadLocale('en'))
  .catch(() => undefined)
  .finally(mount);

// The service worker shows Web Push notifications (web/public/sw.js); registered once the
// page has loaded so that it never competes with the app's own start (nor its code with the
// first load's).
// When the browser is idle after it (the worker's install fetches the build's assets: not
// while the first page is still being drawn).
const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
// With a stored session index.html starts this module after the boot shell's first frame
// (web/vite-plugins.ts entryAfterShell), by which time the page may have loaded already.
const registerWorker = () =>
  whenIdle(() => void import('./lib/push/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined));
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
