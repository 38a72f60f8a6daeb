/*
 * The web app's catalogues (issue #25 item 2): every language has exactly English's keys, no
 * empty text, every text is ICU MessageFormat, and keeps English's placeholders — the same
 * arguments with the same types ({count, plural}, {day, date}); a plural covers every form the
 * language's grammar needs (Polish and Russian: one, few, many, other).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/language';

const folder = dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
const en = read('en.json');
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

type Node = string | [string, string?, (string | Record<string, Node[]>)?];

/** The placeholders of a compiled message as "name" or "name:type", and its plurals' forms. */
function shape(text: string): { args: string[]; plurals: string[][] } {
  const args = new Set<string>();
  const plurals: string[][] = [];
  const walk = (nodes: Node[] | string | undefined) => {
    if (!Array.isArray(nodes)) return; // a plain text, or a plural's empty offset
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      const [name, type, format] = node;
      args.add(type ? `${name}:${type}` : name);
      if (format && typeof format === 'object') {
        if (type === 'plural' || type === 'selectordinal') plurals.push(Object.keys(format).filter((k) => k !== 'offset'));
        for (const branch of Object.values(format)) walk(branch);
      }
    }
  };
  walk(compileMessage(text) as unknown as Node[]);
  return { args: [...args].sort(), plurals };
}

describe('the web app’s catalogues', () => {
  it('ship one file for each of the twelve languages', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  for (const file of files.filter((f) => f !== 'en.json')) {
    const locale = file.replace(/\.json$/, '');
    it(`${locale} has every key of English and no other, each text with English's placeholders`, () => {
      const messages = read(file);
      const problems: string[] = [];
      for (const key of Object.keys(en)) if (!(key in messages)) problems.push(`missing: ${key}`);
      for (const key of Object.keys(messages)) if (!(key in en)) problems.push(`not in English: ${key}`);
      const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, text] of Object.entries(messages)) {
        if (!(key in en)) continue;
        if (!text.trim()) {
          problems.push(`empty: ${key}`);
          continue;
        }
        let mine: ReturnType<typeof shape>;
        try {
          mine = shape(text);
        } catch (err) {
          problems.push(`not ICU: ${key}: ${(err as Error).message}`);
          continue;
        }
        const source = shape(en[key]!);
        if (mine.args.join() !== source.args.join()) {
          problems.push(`placeholders of ${key}: ${mine.args.join(', ')} (English: ${source.args.join(', ')})`);
        }
        for (const plural of mine.plurals) {
          const lacking = forms.filter((form) => !plural.includes(form));
          if (lacking.length) problems.push(`plural of ${key} lacks ${lacking.join(', ')} (${locale} needs ${forms.join(', ')})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('English is ICU MessageFormat throughout', () => {
    for (const [key, text] of Object.entries(en)) expect(() => shape(text), key).not.toThrow();
  });
});
