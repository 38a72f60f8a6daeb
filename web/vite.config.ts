import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstPageChunk, firstPaintHints, linguiCatalogues, lucideDirectImports, precacheList } from './vite-plugins';

// The Vite project lives in web/; scripts run from the repository root with
// --config web/vite.config.ts, so every path here is resolved from this folder.
const root = fileURLToPath(new URL('.', import.meta.url));

// `npm run dev` (and `vite preview`) send API calls to a running `gardenctl serve`.
const apiTarget = process.env.GARDEN_API_URL || 'http://127.0.0.1:8080';

// React Router's package exports point every bundler at its development build, which keeps
// the router's console warnings; the production build (same code, ENABLE_DEV_WARNINGS = false)
// is what the browser gets. The dev server and Vitest keep the warnings.
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The dashboard (the home page) and what it needs beyond the entry: one chunk (vite-plugins.ts).
// What the sign-in page also needs stays out of it, so a new visitor's first page does not
// fetch the dashboard's code.
const firstPage = firstPageChunk(
  fileURLToPath(new URL('./src/features/dashboard/pages/dashboard-page.tsx', import.meta.url)),
  { keepOut: [fileURLToPath(new URL('./src/features/auth/pages/auth-page.tsx', import.meta.url))] },
);
const lucideBarrel = fileURLToPath(new URL('../node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url));

// The unit tests read dates in one time zone, so a day boundary falls at the same instant on
// every machine (the clock itself is pinned in src/testing/setup.ts).
if (process.env.VITEST) process.env.TZ = 'UTC';

export default defineConfig(({ command, mode }) => ({
  root,
  // Keep Vite's cache in the repository's node_modules, not in web/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite', import.meta.url)),
  plugins: [
    react(),
    lucideDirectImports(lucideBarrel),
    firstPage.plugin,
    precacheList(),
    linguiCatalogues(),
    // index.html asks for the dashboard's and the plant list's code and texts beside the entry.
    firstPaintHints([
      { path: '/', module: fileURLToPath(new URL('./src/features/dashboard/pages/dashboard-page.tsx', import.meta.url)) },
      { path: '/plants', module: fileURLToPath(new URL('./src/features/plants/pages/plants-page.tsx', import.meta.url)), areas: ['plants', 'shared'] },
    ]),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && mode !== 'test' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    // web/dist/.gitkeep (and web/embed.go's expectations) must survive a build;
    // `npm run clean` removes the previous assets and index.html instead.
    emptyOutDir: false,
    sourcemap: false,
    // The manifest lets web/scripts/bundle-budget.mjs follow what the first page really loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // A lazily loaded chunk's JavaScript imports are not preloaded with it: Vite's preload helper
    // adds a <link rel="modulepreload"> per import at the moment the chunk is asked for, which is
    // during a render (React.lazy), and that DOM work was a quarter of the dashboard's first render
    // on a slow phone (docs/performance.md). Its CSS still loads with it (the helper waits for it),
    // the shared chunks are in the page already, and index.html keeps its preloads (firstPaintHints
    // adds the first page's).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The packages every page starts with (React, React DOM, React Router, SWR, the
            // icons' runtime) in one chunk: it compresses better than the six small chunks
            // Rolldown made of them, and it changes only when a package does, so a returning
            // visitor keeps it cached across Garden's own releases.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            firstPage.group,
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // One test file per core. Vitest's default leaves a core to its main process (cores - 1),
    // which on CI's two cores ran the 100-odd files one after the other (8 minutes): the main
    // process is busy only while it transforms the modules the first files import, and each
    // file's jsdom and module graph then run on their own core. Files stay isolated (each in
    // its own fresh environment, as before). VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // Whole-page tests render the app with lazy routes; 5 s is too little on a loaded 2-core runner.
    testTimeout: 30_000,
    restoreMocks: true,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
}));
