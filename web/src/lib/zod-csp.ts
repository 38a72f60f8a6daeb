/**
 * Zod 4 probes `new Function` once to decide whether it may compile fast parsers. Our
 * Content-Security-Policy forbids eval, so the probe fails anyway, but the browser reports it as
 * a CSP violation in the console on every page with a form. Zod reads this global before it
 * loads (zod/v4/core: `__zod_globalConfig`), so setting it here, first in main.tsx, skips the
 * probe without bringing zod into the first load.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
