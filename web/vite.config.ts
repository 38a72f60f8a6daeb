import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Vite project lives in web/; scripts run from the repository root with
// --config web/vite.config.ts, so every path here is resolved from this folder.
const root = fileURLToPath(new URL('.', import.meta.url));

// `npm run dev` (and `vite preview`) send API calls to a running `gardenctl serve`.
const apiTarget = process.env.GARDEN_API_URL || 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  // Keep Vite's cache in the repository's node_modules, not in web/node_modules.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    // Whole-page tests render the app with lazy routes; 5 s is too little on a loaded 2-core runner.
    testTimeout: 30_000,
    restoreMocks: true,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
