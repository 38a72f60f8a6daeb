import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/lib/session/storage';
import { SHELL_HEADERS_KEY, dayPart, dropBootShell, forgetPageHeaders, rememberPageHeader } from './boot-shell';

describe('dropBootShell', () => {
  it("takes index.html's frame and its marker away, and does nothing when there is none", () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    document.documentElement.dataset.boot = '';
    dropBootShell();
    expect(document.getElementById('boot-shell')).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(() => dropBootShell()).not.toThrow();
  });
});

const stored = () => JSON.parse(localStorage.getItem(SHELL_HEADERS_KEY) ?? '{}') as Record<string, Record<string, string>>;
const at = (hour: number) => new Date(2026, 10, 28, hour, 30);

describe('rememberPageHeader', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a page heading by path, with the language choice and the part of the day', () => {
    localStorage.setItem('garden-language', 'de');
    rememberPageHeader('/plants/', { title: 'Meine Pflanzen', eyebrow: 'Garten', description: '15 Pflanzen' }, at(9));
    expect(stored()).toEqual({
      '/plants': { title: 'Meine Pflanzen', eyebrow: 'Garten', description: '15 Pflanzen', language: 'de', part: '2026-11-28/0' },
    });
  });

  it('keeps the twelve most recently drawn pages', () => {
    for (let i = 0; i < 14; i++) rememberPageHeader(`/p${i}`, { title: `Page ${i}` }, at(9));
    rememberPageHeader('/p3', { title: 'Page 3, again' }, at(9));
    const paths = Object.keys(stored());
    expect(paths).toHaveLength(12);
    expect(paths).not.toContain('/p0');
    expect(paths.at(-1)).toBe('/p3');
    expect(stored()['/p3'].title).toBe('Page 3, again');
  });

  it('is forgotten at sign-out', () => {
    rememberPageHeader('/', { title: 'Your Garden Dashboard' }, at(9));
    clearSession();
    expect(localStorage.getItem(SHELL_HEADERS_KEY)).toBeNull();
    rememberPageHeader('/', { title: 'Your Garden Dashboard' }, at(9));
    forgetPageHeaders();
    expect(localStorage.getItem(SHELL_HEADERS_KEY)).toBeNull();
  });

  it('reads a damaged entry as none', () => {
    localStorage.setItem(SHELL_HEADERS_KEY, '{not json');
    rememberPageHeader('/', { title: 'Your Garden Dashboard' }, at(9));
    expect(Object.keys(stored())).toEqual(['/']);
  });
});

describe('dayPart', () => {
  it('splits the day where the greeting changes', () => {
    expect([at(0), at(11), at(12), at(17), at(18), at(23)].map(dayPart)).toEqual([
      '2026-11-28/0', '2026-11-28/0', '2026-11-28/1', '2026-11-28/1', '2026-11-28/2', '2026-11-28/2',
    ]);
  });
});

// index.html's script that paints the remembered heading, run on the shell's own markup.
describe("index.html's shell heading", () => {
  const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const shellMarkup = doc.getElementById('boot-shell')?.outerHTML ?? '';
  const script = [...doc.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').find((s) => s.includes(SHELL_HEADERS_KEY)) ?? '';

  const paint = () => {
    document.body.innerHTML = shellMarkup;
    new Function(script)();
    const shell = document.getElementById('boot-shell');
    return {
      texts: [...(shell?.querySelectorAll('.boot-shell__heading p') ?? [])].map((p) => `${p.className}: ${p.textContent}`),
      placeholders: shell?.querySelectorAll('.boot-shell__content > .boot-shell__line').length,
    };
  };

  beforeEach(() => {
    localStorage.clear();
    document.documentElement.dataset.boot = '';
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.boot;
    document.body.innerHTML = '';
  });

  it('paints what the app drew, the greeting within the same part of the day', () => {
    expect(script).not.toBe('');
    vi.useFakeTimers({ now: at(9), toFake: ['Date'] });
    rememberPageHeader('/', { eyebrow: 'Dashboard', title: 'Your Garden Dashboard', description: 'Good morning, Rosa!' });
    expect(paint()).toEqual({
      texts: ['boot-shell__eyebrow: Dashboard', 'boot-shell__title: Your Garden Dashboard', 'boot-shell__lead: Good morning, Rosa!'],
      placeholders: 1,
    });
    vi.setSystemTime(at(13));
    expect(paint()).toEqual({ texts: ['boot-shell__eyebrow: Dashboard', 'boot-shell__title: Your Garden Dashboard'], placeholders: 3 });
  });

  it('paints nothing for another language, another page, or without a session', () => {
    vi.useFakeTimers({ now: at(9), toFake: ['Date'] });
    rememberPageHeader('/', { title: 'Your Garden Dashboard' });
    localStorage.setItem('garden-language', 'fr');
    expect(paint().texts).toEqual([]);
    localStorage.removeItem('garden-language');
    window.history.replaceState(null, '', '/plants');
    expect(paint()).toEqual({ texts: [], placeholders: 5 });
    window.history.replaceState(null, '', '/');
    delete document.documentElement.dataset.boot;
    expect(paint().texts).toEqual([]);
  });

  it('shows the words as text, never as markup', () => {
    rememberPageHeader('/', { title: '<img src=x onerror=alert(1)>' });
    const { texts } = paint();
    expect(texts).toEqual(['boot-shell__title: <img src=x onerror=alert(1)>']);
    expect(document.querySelector('#boot-shell img')).toBeNull();
  });
});
