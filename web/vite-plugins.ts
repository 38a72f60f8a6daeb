import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * firstPageChunk puts every module the first page (the dashboard route) needs beyond the entry
 * chunk into one chunk, with one CSS file, instead of the thirty-odd small chunks Rolldown
 * makes for modules shared between lazy routes. Gzip compresses one file of 25 kB far better
 * than thirty of 0.1 to 5 kB (each starts with an empty dictionary and pays its own header),
 * and every lazy route's preload list (in the entry chunk) names one file instead of many.
 * Other routes that share some of these modules load the same chunk: the dashboard is the
 * home page, so it is usually in the cache already. Modules that the `keepOut` pages (the
 * sign-in page) also import stay in Rolldown's own chunks, so those pages do not fetch it.
 *
 * The module set is computed from the module graph at the end of the build: the static import
 * closure of `route` minus the static import closure of the entry (which stays as it is, since
 * the public pages load it too). Barrel files hide which of their exports a module uses, so
 * lucide-react's is bypassed by lucideDirectImports below.
 */
export function firstPageChunk(route: string, { keepOut = [] as string[] } = {}) {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'garden:first-page-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      for (const id of [route, ...keepOut]) if (!ids.includes(id)) this.error(`first-page-chunk: ${id} is not in the module graph`);
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const elsewhere = closure(keepOut);
      for (const id of closure([route])) if (!initial.has(id) && !elsewhere.has(id)) modules.add(id);
      // The route itself stays the dynamic import's own (small) chunk, named in the manifest.
      modules.delete(route);
    },
  };
  const group = {
    name: 'first-page',
    test: (id: string) => modules.has(id),
    // The set is closed over static imports but for modules of the entry chunk and of keepOut's
    // pages, which stay where Rolldown puts them.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

/**
 * lucideDirectImports rewrites `import { Sprout, Bell } from 'lucide-react'` into one import
 * per icon file (`lucide-react/icons/sprout`), as Next.js' optimizePackageImports does. The
 * bundle is the same, but the module graph then says which icons each module really uses
 * instead of every module depending on the 1,700-icon barrel: firstPageChunk can then put the
 * dashboard's icons in its chunk. Names that are not icons stay on the barrel import.
 */
export function lucideDirectImports(barrelFile: string): Plugin {
  let files: Map<string, string> | undefined;
  const iconFiles = () => {
    if (!files) {
      files = new Map();
      const line = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g;
      for (const [, names, file] of readFileSync(barrelFile, 'utf8').matchAll(line)) {
        for (const name of names!.split(',')) files.set(name.replace(/^\s*default as\s+/, '').trim(), file!);
      }
    }
    return files;
  };
  const importFrom = /import\s*\{([^}]*)\}\s*from\s*(['"])lucide-react\2;?/g;
  return {
    name: 'garden:lucide-direct-imports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]src[\\/].*\.[jt]sx?$/, code: 'lucide-react' },
      handler(code) {
        if (!code.includes('lucide-react')) return null;
        const out = code.replace(importFrom, (_statement: string, list: string) => {
          const rest: string[] = [];
          const direct: string[] = [];
          for (const spec of list.split(',').map((s) => s.trim()).filter(Boolean)) {
            const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
            const file = iconFiles().get(name);
            if (file) direct.push(`import ${local} from 'lucide-react/icons/${file}';`);
            else rest.push(spec);
          }
          if (rest.length) direct.push(`import { ${rest.join(', ')} } from 'lucide-react';`);
          return direct.join('\n');
        });
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * precacheList writes `sw-precache.js` beside index.html: every file the build put under
 * assets/, for the service worker (web/public/sw.js) to cache when it installs, so a page never
 * opened before still opens offline (its route chunk and CSS are already there). The worker
 * loads it with importScripts, whose bytes browsers compare on every update check: a new build
 * has a new list, so the new worker installs and caches it, and drops the old build's files.
 */
export function precacheList(): Plugin {
  return {
    name: 'garden:precache-list',
    apply: 'build',
    // After Vite's own generateBundle hooks: they drop the JS chunks that only imported CSS
    // (four in this build), which a list made before them named, so each new worker asked the
    // server for four files that do not exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const assets = Object.keys(bundle)
          .filter((file) => file.startsWith('assets/') && !file.endsWith('.map'))
          .map((file) => `/${file}`)
          .sort();
        const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
        this.emitFile({
          type: 'asset',
          fileName: 'sw-precache.js',
          source: `// Written by the build (web/vite-plugins.ts precacheList): the assets of build ${version}.\nself.GARDEN_PRECACHE = ${JSON.stringify({ version, assets })};\n`,
        });
      },
    },
  };
}

/**
 * linguiCatalogues compiles the web app's catalogues (src/locales/*.json and the areas'
 * src/locales/<area>/*.json, ICU MessageFormat
 * texts by key) into Lingui's compiled form as they are imported, in the build, the dev server
 * and Vitest alike: the browser gets ready-to-format arrays and no MessageFormat parser
 * (@lingui/core leaves its compiler out of production builds). A text that does not parse
 * fails the build.
 */
export function linguiCatalogues(): Plugin {
  const catalogue = /[\\/]src[\\/]locales[\\/](?:[a-z-]+[\\/])?[A-Za-z-]+\.json$/;
  return {
    name: 'garden:lingui-catalogues',
    enforce: 'pre',
    async transform(code, id) {
      if (!catalogue.test(id.split('?')[0]!)) return null;
      const { compileMessage } = await import('@lingui/message-utils/compileMessage');
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(messages)) {
        try {
          compiled[key] = compileMessage(text);
        } catch (err) {
          this.error(`${id}: "${key}" is not an ICU message: ${(err as Error).message}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/**
 * A signed-in gardener's page whose code (and texts) index.html asks for at once (only with a
 * stored session): its path and its route's module.
 */
export interface FirstPaintPage {
  path: string;
  /** The route's module, as an absolute file path. */
  module: string;
  /** The page's area catalogues (src/locales/<area>/<lang>.json), loaded by its route's loader. */
  areas?: string[];
}

/**
 * entryAfterShell makes the app's entry run after the boot shell's first paint. A module script
 * in the page runs as soon as the HTML is parsed, and when its code is already there (a fast
 * network, a slow phone) the browser evaluated the whole app before painting anything: the
 * shell, drawn with the HTML to be seen at once, waited for 200 kB of JavaScript. Lighthouse's
 * phone model counts every script fetched before the first paint as holding it back, so its
 * first paint was 1.9 s where the HTML and the stylesheet alone take 1 s.
 *
 * Now, with a stored session (the shell shows), the head's script asks for the entry and its
 * imports once the shell has had its frame (firstPaintHints, entryHints): on a phone's network
 * that is within a frame of when the HTML's own tags would have asked. A small script after
 * #root adds the entry's `<script type="module">` after that frame too. Without a session there
 * is no shell to paint, and both happen at once. That script is parser-inserted after the app's
 * stylesheet, so like the entry's tag before it, it runs only once the stylesheet has arrived
 * and #root exists: the app never draws unstyled.
 */
function entryAfterShell(html: string, src: string): string {
  const start = `  <script>
      (function () {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          var s = document.createElement('script');
          s.type = 'module';
          s.crossOrigin = '';
          s.src = ${JSON.stringify(src)};
          document.body.appendChild(s);
        }
        if (!document.documentElement.hasAttribute('data-boot')) return start();
        // After the frame that paints the shell; a page opened in the background gets no frame.
        requestAnimationFrame(function () { setTimeout(start, 0); });
        setTimeout(start, 250);
      })();
    </script>
  </body>`;
  if (!html.includes('</body>')) throw new Error('first-paint-hints: no </body> in index.html');
  return html.replace('</body>', start);
}

/**
 * firstPaintHints writes a small inline script into index.html's head that asks, beside the
 * entry, for what the opened page will import only later: its route's chunks and CSS and the
 * shown language's catalogues (the core one, and the page's areas'). Without it the browser
 * learns of them one step at a time (the entry runs, asks for the catalogue, mounts, the router
 * asks for the route's chunk): a round trip and a parse each on a phone's slow network. The
 * hints are `modulepreload`s, which Vite's own preload helper finds when the import comes, so
 * nothing is fetched twice; a wrong guess (a language chosen only after sign-in) costs one small
 * fetch. The script repeats lib/i18n's choice of the first language (stored, else the browser's).
 * The server's CSP allows it by its hash, computed from the built index.html.
 */
export function firstPaintHints(pages: FirstPaintPage[]): Plugin {
  return {
    name: 'garden:first-paint-hints',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const bySource = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // What index.html already loads: the entry and its static imports.
        const initial = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        };
        for (const c of chunks) if (c.isEntry) closure(c.fileName, initial);
        const files = (module: string) => {
          const chunk = bySource.get(module);
          if (!chunk) throw new Error(`first-paint-hints: ${module} is not a chunk of the build`);
          const js = new Set<string>();
          closure(chunk.fileName, js);
          const css = new Set<string>();
          for (const f of js) for (const c of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.add(c);
          for (const f of initial) for (const c of byFile.get(f)?.viteMetadata?.importedCss ?? []) css.delete(c);
          return { js: [...js].filter((f) => !initial.has(f)).map((f) => '/' + f), css: [...css].map((f) => '/' + f) };
        };
        // The catalogues by language: src/locales/<lang>.json and src/locales/<area>/<lang>.json.
        // Only the core's and the listed pages' areas: the script stays small.
        const wanted = new Set(['', ...pages.flatMap((p) => p.areas ?? [])]);
        const catalogues: Record<string, Record<string, string>> = {};
        for (const c of chunks) {
          const m = c.facadeModuleId?.match(/[\\/]src[\\/]locales[\\/](?:([a-z-]+)[\\/])?([A-Za-z-]+)\.json$/);
          if (m && wanted.has(m[1] ?? '')) (catalogues[m[1] ?? ''] ??= {})[m[2]!] = '/' + c.fileName;
        }
        const routes: Record<string, { js: string[]; css: string[]; areas: string[] }> = {};
        for (const page of pages) {
          const { js, css } = files(page.module);
          // An area's page also runs the catalogues' loader module (lib/i18n/areas.ts).
          const areaModule = page.areas?.length ? [...bySource.keys()].find((id) => /[\\/]lib[\\/]i18n[\\/]areas\.ts$/.test(id)) : undefined;
          if (areaModule) js.push(...files(areaModule).js.filter((f) => !js.includes(f)));
          routes[page.path] = { js, css, areas: page.areas ?? [] };
        }
        // The entry's tag and Vite's hints for its imports leave the head: the script below asks
        // for them (entryHints) and entryAfterShell runs the entry.
        const entryTag = html.match(/\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/);
        if (!entryTag) throw new Error('first-paint-hints: no entry script in index.html');
        const entrySrc = entryTag[1]!;
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
        const entryFiles = [entrySrc, ...preloads.map((m) => m[1]!)];
        for (const tag of [entryTag, ...preloads]) html = html.replace(tag[0], '');
        const script = `(function () {
  var routes = ${JSON.stringify(routes)}, catalogues = ${JSON.stringify(catalogues)}, entry = ${JSON.stringify(entryFiles)};
  var page = routes[location.pathname.replace(/(.)\\/+$/, '$1')];
  var core = catalogues[''], lang, list, i, p;
  try { lang = localStorage.getItem('garden-language'); } catch (e) {}
  if (!core[lang]) {
    lang = 'en';
    list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (i = 0; i < list.length; i++) {
      p = String(list[i] || '').toLowerCase().split(/[-_]/)[0];
      p = p === 'pt' ? 'pt-BR' : p === 'no' || p === 'nn' ? 'nb' : p;
      if (core[p]) { lang = p; break; }
    }
  }
  function hint(rel, href, as) {
    var l = document.createElement('link');
    l.rel = rel; l.href = href; l.crossOrigin = '';
    if (as) l.as = as;
    document.head.appendChild(l);
  }
  // The entry, its imports and the language's catalogue: at once without a stored session (no
  // shell to paint), else once the shell is on screen (entryAfterShell).
  function entryHints() {
    if (!entry) return;
    entry.forEach(function (f) { hint('modulepreload', f); });
    hint('modulepreload', core[lang]);
    entry = null;
  }
  // Once the boot shell is on screen: in the task after the frame that paints it, or after a
  // moment for a page opened in the background (it gets no frame). Each runner runs once.
  function afterShell(run) {
    requestAnimationFrame(function () { setTimeout(run, 0); });
    setTimeout(run, 250);
  }
  if (!document.documentElement.hasAttribute('data-boot')) entryHints();
  else afterShell(entryHints);
  // The pages are a signed-in gardener's: a visitor without a session goes to the sign-in page.
  try { if (!page || !localStorage.getItem('token')) return; } catch (e) { return; }
  // Once the boot shell is on screen: the page's code is not what the first paint waits for,
  // and a phone's first bytes go to the HTML, the entry and the shell's paint (a slow network
  // shares itself between every request made before it, as Lighthouse's model of one does).
  // Two hints a task: each <link> starts its fetch as it is added (a millisecond or more on a
  // phone), and twenty in one task were a task long enough to hold up a tap; the first task of
  // four was still 18 ms on this machine (73 at a phone's speed, over the 50 ms that block).
  function pageHints() {
    if (!page) return;
    var hints = [];
    page.js.forEach(function (f) { hints.push(['modulepreload', f]); });
    page.css.forEach(function (f) { hints.push(['preload', f, 'style']); });
    page.areas.forEach(function (a) { if (catalogues[a] && catalogues[a][lang]) hints.push(['modulepreload', catalogues[a][lang]]); });
    page = null;
    (function next() {
      hints.splice(0, 2).forEach(function (h) { hint(h[0], h[1], h[2]); });
      if (hints.length) setTimeout(next, 0);
    })();
  }
  // After the entry's hints (scheduled first): the page's code follows the app's.
  afterShell(pageHints);
})();`;
        // At the end of the head. The app's stylesheet leaves the head just below, so no
        // stylesheet comes before this script (an inline script after one would wait for it).
        if (!html.includes('</head>')) throw new Error('first-paint-hints: no </head> in index.html');
        html = html.replace('</head>', `<script>\n${script}\n</script>\n  </head>`);
        // The app's stylesheet moves from the head into the body, after the boot shell and
        // before #root: a stylesheet in the head holds back every paint until it has arrived,
        // one in the body only what follows it, so the shell (styled by index.html's own rules)
        // paints with the HTML. The app's code still waits for it (a parser-inserted stylesheet
        // blocks the scripts that come after it), so the app never draws unstyled.
        const styles = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        for (const tag of styles) html = html.replace(tag, '');
        if (!html.includes('<div id="root">')) throw new Error('first-paint-hints: no #root in index.html');
        html = html.replace('<div id="root">', `${styles.map((t) => t.trim()).join('\n    ')}\n    <div id="root">`);
        return entryAfterShell(html, entrySrc);
      },
    },
  };
}
