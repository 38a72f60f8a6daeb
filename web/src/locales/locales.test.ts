/*
 * The web app's catalogues (issue #25 item 2): every language has exactly English's keys, no
 * empty text, every text is ICU MessageFormat, and keeps English's placeholders — the same
 * arguments with the same types ({count, plural}, {day, date}); a plural covers every form the
 * language's grammar needs (Polish and Russian: one, few, many, other). The same holds for each
 * area's catalogues (src/locales/<area>/<lang>.json), whose keys start with "<area>." and are
 * none of the core catalogue's (Lingui merges them into one table per language).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/language';

const folder = dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
const coreEn = read('en.json');
const areas = readdirSync(folder).filter((f) => statSync(join(folder, f)).isDirectory());
const jsonIn = (dir: string) => readdirSync(join(folder, dir)).filter((f) => f.endsWith('.json'));

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

/** The checks of one set of catalogues: the core ('') or an area's ('plants'). */
function checkCatalogues(area: string) {
  const dir = area ? `${area}/` : '';
  const en = read(`${dir}en.json`);
  const files = jsonIn(area || '.');

  it('ship one file for each of the twelve languages', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  if (area) {
    it(`keys start with "${area}." and are none of the core catalogue's`, () => {
      const wrong = Object.keys(en).filter((key) => !key.startsWith(`${area}.`) || key in coreEn);
      expect(wrong).toEqual([]);
    });
  }

  for (const file of files.filter((f) => f !== 'en.json')) {
    const locale = file.replace(/\.json$/, '');
    it(`${locale} has every key of English and no other, each text with English's placeholders`, () => {
      const messages = read(`${dir}${file}`);
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
}

describe('the web app’s catalogues', () => checkCatalogues(''));

for (const area of areas) describe(`the ${area} area’s catalogues`, () => checkCatalogues(area));
