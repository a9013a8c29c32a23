/**
 * zod's global settings, set before any schema is built (main.tsx imports this module first; zod keeps
 * them on `globalThis.__zod_globalConfig`, which it only creates when missing). `jitless`: no
 * `new Function` — the Content-Security-Policy forbids eval, so zod's probe for it was blocked and
 * reported on every page that loads the schemas (a browser console issue, Lighthouse best practices);
 * zod parses with its interpreter instead. Set here rather than with `z.config()`, which would pull zod
 * into the first page's code (docs/decisions/033).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
