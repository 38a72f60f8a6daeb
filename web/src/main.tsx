// First: configures zod before any module that builds a schema is evaluated.
import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt } from './lib/install-prompt';
import { followSystemTheme } from './lib/theme';
import './styles/index.css';

// The browser offers installation once, early: kept for the "Install app" button.
listenForInstallPrompt();
// index.html painted the theme; a device switching light/dark, or another tab, repaints it.
followSystemTheme();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker shows Web Push notifications (web/public/sw.js); registered once the
// page has loaded so that it never competes with the app's own start (nor its code with the
// first load's).
window.addEventListener(
  'load',
  () => void import('./lib/push/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined),
  { once: true },
);
