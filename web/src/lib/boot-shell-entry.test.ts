// The build's index.html (web/vite-plugins.ts firstPaintHints): with a stored session the boot
// shell paints before the app's code is asked for and run; without one the code is asked for and
// run at once. The plugin runs here on a small bundle, and its two inline scripts run in the
// test's document.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstPaintHints } from '../../vite-plugins';

const PAGE = '/src/features/dashboard/pages/dashboard-page.tsx';

function chunk(fileName: string, extra: Record<string, unknown> = {}) {
  return { type: 'chunk', fileName, imports: [], viteMetadata: { importedCss: new Set<string>() }, ...extra };
}

/** index.html as Vite writes it, run through the plugin. */
function builtIndex(): string {
  const bundle = {
    'assets/index-a.js': chunk('assets/index-a.js', { isEntry: true, imports: ['assets/vendor-b.js'], facadeModuleId: '/src/main.tsx' }),
    'assets/vendor-b.js': chunk('assets/vendor-b.js'),
    'assets/dashboard-page-c.js': chunk('assets/dashboard-page-c.js', { facadeModuleId: PAGE }),
    'assets/en-d.js': chunk('assets/en-d.js', { facadeModuleId: '/src/locales/en.json' }),
  };
  const html = `<!doctype html>
<html lang="en">
  <head>
    <title>Garden</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-e.css">
  </head>
  <body>
    <div id="boot-shell"></div>
    <div id="root"></div>
  </body>
</html>`;
  const plugin = firstPaintHints([{ path: '/', module: PAGE }]);
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
  return hook.handler(html, { bundle });
}

/** Runs the page's inline scripts, head first, as the parser would. */
function runInlineScripts(html: string) {
  for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(m[1]!)();
}

const asked = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
const entryScript = () => document.querySelector('script[type="module"]')?.getAttribute('src') ?? null;

describe('index.html: the app after the boot shell', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    localStorage.clear();
    document.documentElement.removeAttribute('data-boot');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    document.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('leaves no tag in the HTML that fetches or runs the code before the first paint', () => {
    const html = builtIndex();
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    // The stylesheet moved after the shell, before #root; the entry's starter comes after #root.
    expect(html.indexOf('index-e.css')).toBeGreaterThan(html.indexOf('boot-shell'));
    expect(html.lastIndexOf('<script>')).toBeGreaterThan(html.indexOf('<div id="root">'));
  });

  it('without a stored session asks for the entry, its imports and the catalogue at once, and runs it', () => {
    runInlineScripts(builtIndex());
    expect(asked()).toEqual(['/assets/index-a.js', '/assets/vendor-b.js', '/assets/en-d.js']);
    expect(entryScript()).toBe('/assets/index-a.js');
  });

  it('with a stored session waits for the shell’s frame, then asks for the code and runs it', () => {
    document.documentElement.setAttribute('data-boot', '');
    localStorage.setItem('token', 't');
    runInlineScripts(builtIndex());
    expect(asked()).toEqual([]);
    expect(entryScript()).toBeNull();

    // The frame that paints the shell, then the task after it.
    frames.splice(0).forEach((cb) => cb(0));
    vi.advanceTimersByTime(0);
    expect(asked().slice(0, 3)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js', '/assets/en-d.js']);
    expect(entryScript()).toBe('/assets/index-a.js');
    // The page's own chunk follows (the dashboard's hints).
    vi.advanceTimersByTime(300);
    expect(asked()).toContain('/assets/dashboard-page-c.js');
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('a page opened in the background (no frame) still starts within 250 ms', () => {
    document.documentElement.setAttribute('data-boot', '');
    runInlineScripts(builtIndex());
    vi.advanceTimersByTime(249);
    expect(entryScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(entryScript()).toBe('/assets/index-a.js');
    expect(asked()).toContain('/assets/vendor-b.js');
  });
});
