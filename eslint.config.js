// ESLint for the web app (flat config): TypeScript's recommended rules, the Rules of Hooks,
// and the import boundaries of web/src (docs/web.md): a feature imports shared code
// (components, lib, api, app) and its own files, never another feature; shared code never
// imports a feature. Run with `npm run lint:web` (part of `make lint`).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One block per feature: every other feature is off limits, by alias or by relative path. */
const featureBoundaries = features.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'A feature imports shared code (components, lib, api, app), never another feature.',
          },
          {
            group: ['../../*', '../../../*', `!../../${feature}`, `!../../${feature}/**`],
            message: 'A feature imports shared code through "@/…", never another feature by a relative path.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['web/dist/**', 'node_modules/**', 'tests/**', 'bin/**', 'web/src/api/schema.d.ts'] },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // The classic Rules of Hooks; the React Compiler rules of the plugin's newer presets
      // are left out (the app does not use the compiler).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // TypeScript checks these (noUnusedLocals, strict); the JS versions misread types.
      'no-undef': 'off',
      'no-redeclare': 'off',
    },
  },
  {
    files: ['web/src/{components,lib,api,app,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*'],
              message: 'Shared code never imports a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app shell mounts the features' pages and providers: it is the one place allowed to.
    files: ['web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...featureBoundaries,
);
