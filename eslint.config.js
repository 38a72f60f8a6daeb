// ESLint for the web app (flat config): TypeScript's recommended rules, the Rules of Hooks,
// and the import boundaries of web/src (docs/web.md): a feature imports shared code
// (components, lib, api, app) and its own files, never another feature; shared code never
// imports a feature. Run with `npm run lint:web` (part of `make lint`).
import { readdirSync, readFileSync } from 'node:fs';
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

// Letters of the scripts the twelve languages are written in: a text with none ("·", "/", "→")
// is punctuation, not a sentence.
const LETTER = '/[A-Za-z\\u00C0-\\u024F\\u0400-\\u04FF]/';
// Props that reach the reader or a screen reader as text.
const TEXT_PROPS = '/^(title|aria-label|aria-description|aria-valuetext|aria-roledescription|placeholder|alt|label|description|hint|tooltip|emptyText|confirmLabel|cancelLabel|actionLabel|submitLabel|heading|subtitle|message)$/';
/**
 * literalStrings: a user-visible text written in JSX instead of going through the translator
 * (lib/i18n: t('key')), issue #25. Text between tags, strings and ternaries of strings in
 * braces, and the text props above. docs/i18n.md ("How to convert a feature").
 */
export const literalStrings = {
  'no-restricted-syntax': [
    'error',
    ...[
      `JSXText[value=${LETTER}]`,
      `JSXElement > JSXExpressionContainer > Literal[value=${LETTER}]`,
      `JSXFragment > JSXExpressionContainer > Literal[value=${LETTER}]`,
      `JSXElement > JSXExpressionContainer > ConditionalExpression > Literal[value=${LETTER}]`,
      `JSXFragment > JSXExpressionContainer > ConditionalExpression > Literal[value=${LETTER}]`,
      `JSXElement > JSXExpressionContainer > LogicalExpression > Literal[value=${LETTER}]`,
      `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`,
      `JSXAttribute[name.name=${TEXT_PROPS}] > Literal[value=${LETTER}]`,
      `JSXAttribute[name.name=${TEXT_PROPS}] > JSXExpressionContainer > Literal[value=${LETTER}]`,
      `JSXAttribute[name.name=${TEXT_PROPS}] > JSXExpressionContainer > ConditionalExpression > Literal[value=${LETTER}]`,
      `JSXAttribute[name.name=${TEXT_PROPS}] > JSXExpressionContainer > LogicalExpression > Literal[value=${LETTER}]`,
      `JSXAttribute[name.name=${TEXT_PROPS}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`,
    ].map((selector) => ({
      selector,
      message: "A user-visible text goes through the translator: t('key') with the key in web/src/locales/*.json (docs/i18n.md).",
    })),
  ],
};

/** The files not yet converted to translated texts (docs/i18n.md): the list only shrinks. */
export const pendingTranslation = readFileSync(new URL('./web/i18n-pending.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

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
  {
    // Every text a reader meets is translated (issue #25), outside tests and test helpers.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/**/*.test.tsx', 'web/src/testing/**', ...pendingTranslation],
    rules: literalStrings,
  },
);
