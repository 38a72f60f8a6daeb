// The list of files not yet translated (web/i18n-pending.txt) only shrinks: every file on it
// must exist and still have a literal user-visible text by eslint.config.js's literalStrings
// rule. A converted file, or one that has gone, fails here until it leaves the list; a new file
// is never on it, so ESLint holds it to the rule. Part of `npm run lint:web` (make lint).
import { existsSync } from 'node:fs';
import { ESLint } from 'eslint';
import { literalStrings, pendingTranslation } from '../../eslint.config.js';

const root = new URL('../../', import.meta.url).pathname;
const problems = [];
const present = pendingTranslation.filter((file) => {
  if (existsSync(root + file)) return true;
  problems.push(`${file}: no such file; take it off web/i18n-pending.txt`);
  return false;
});
const seen = new Set();
for (const file of pendingTranslation) {
  if (seen.has(file)) problems.push(`${file}: listed twice in web/i18n-pending.txt`);
  seen.add(file);
}

const eslint = new ESLint({
  cwd: root,
  // The files are listed, so ignored by the rule's own block: lint them with the rule alone.
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.tsx'],
      languageOptions: {
        parser: (await import('typescript-eslint')).parser,
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
      rules: literalStrings,
    },
  ],
});
const results = present.length ? await eslint.lintFiles(present) : [];
for (const result of results) {
  const literals = result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
  const file = result.filePath.slice(root.length);
  if (result.messages.some((m) => m.fatal)) problems.push(`${file}: ${result.messages[0].message}`);
  else if (literals === 0) problems.push(`${file}: translated, take it off web/i18n-pending.txt`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`i18n: ${present.length} files still to translate (web/i18n-pending.txt)`);
