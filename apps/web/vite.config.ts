import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import rootPackage from '../../package.json' with { type: 'json' };

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://127.0.0.1:3001';

/**
 * React's API on Preact 11 (docs/decisions/038): the source and every library keep importing `react` and
 * `react-dom` and are type-checked against @types/react; only the bundler (and Vitest) hands them
 * `preact/compat`. `react-dom/client` also installs the few shims that make Preact behave as React DOM
 * does where the portal relies on it (src/preact/). To go back to React DOM, drop `resolve.alias` below.
 */
const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: local('./src/preact/client.ts') },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // React's own shim of useSyncExternalStore for React 17 (react-i18next imports it): compat has the hook.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * MUI's theme without its CSS-variables machinery (docs/decisions/033). `createTheme` and `ThemeProvider`
 * carry the CSS-variables theme (color schemes, `CssVarsProvider`, the color-scheme script, about 7 KB
 * gzip) into every page although the portal's themes never use it: its options have a palette and no
 * `cssVariables` or `colorSchemes` (config/theme.json, app/theme.ts), which MUI builds with
 * `createThemeNoVars` and provides with `ThemeProviderNoVars` anyway. These two modules are replaced by
 * ones that take only that path; a tenant's `cssVariables` or `colorSchemes` option is ignored (said
 * once on the console). Removing this plugin restores MUI's modules as published.
 */
function muiThemeWithoutCssVariables(): Plugin {
  const MODULE = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
  return {
    name: 'portal:mui-theme-without-css-variables',
    enforce: 'pre',
    load(id) {
      const match = MODULE.exec(id);
      if (!match) return null;
      const sibling = (name: string) => JSON.stringify(path.join(path.dirname(id), name));
      if (match[1] === 'createTheme') {
        return `import createThemeNoVars from ${sibling('createThemeNoVars.mjs')};
let warned = false;
export default function createTheme(options = {}, ...args) {
  const { cssVariables, colorSchemes, ...rest } = options;
  if ((cssVariables || colorSchemes) && !warned) {
    warned = true;
    console.warn('theme: cssVariables and colorSchemes are not supported by this portal and were ignored');
  }
  return createThemeNoVars(rest, ...args);
}
`;
      }
      return `import { useMemo } from 'react';
import { jsx } from 'react/jsx-runtime';
import ThemeProviderNoVars from ${sibling('ThemeProviderNoVars.mjs')};
import THEME_ID from ${sibling('identifier.mjs')};
export default function ThemeProvider({ theme, ...props }) {
  // As MUI does for a theme without CSS variables: vars: null, so that an outer theme's do not leak in.
  const own = useMemo(() => {
    if (typeof theme === 'function') return theme;
    const material = THEME_ID in theme ? theme[THEME_ID] : theme;
    return 'vars' in material ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { ...props, theme: own });
}
`;
    },
  };
}

/**
 * React Router 7 publishes a production build beside its development one (the same code without the
 * development warnings and their messages) but its package exports only the development one
 * (remix-run/react-router#12532, #14102). The built portal takes the production build; `vite dev` and
 * Vitest keep the warnings. When a release exports the production build itself, this finds nothing to
 * change; when one drops it, the build says so and keeps the development one.
 */
function reactRouterProductionBuild(): Plugin {
  const DEVELOPMENT = `${path.sep}dist${path.sep}development${path.sep}`;
  const PRODUCTION = `${path.sep}dist${path.sep}production${path.sep}`;
  return {
    name: 'portal:react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT, PRODUCTION);
      if (fs.existsSync(production)) return { ...resolved, id: production };
      this.warn(`no production build of react-router at ${production}: the development one is bundled`);
      return resolved;
    },
  };
}

/**
 * The Material icons the portal imports one by one (`@mui/icons-material/Home`) draw with the component
 * kit (docs/decisions/059): each icon module builds its component with `./utils/createSvgIcon.mjs`,
 * which would bring MUI's SvgIcon and emotion; it is pointed at the kit's instead. The icons' path data
 * stays in the published package.
 */
function materialIconsOnKit(): Plugin {
  const target = local('./src/kit/create-svg-icon.ts');
  return {
    name: 'portal:material-icons-on-kit',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]icons-material[\\/]/.test(importer)) return null;
      return /^\.\/utils\/createSvgIcon(\.m?js)?$/.test(source) ? target : null;
    },
  };
}

/**
 * The contract files (packages/contracts/src) in a few chunks of at most CONTRACT_FILES_PER_CHUNK files, by
 * the layer of their imports among themselves (a file that imports no other contract file is in layer 0, one
 * that imports layer 0 in layer 1, …). lib/contract-pieces.ts loads them layer by layer, so a chunk's
 * evaluation never has to build another one first: each chunk's schemas are one short task (docs/decisions/033,
 * "The schemas in pieces"). A chunk per file gave the entry's preload map fifty more names and moved shared
 * domain modules into chunks of their own: the first load grew by 1.2 KB, over its budget.
 * `problem-type` and `notification-templates` have no zod and serve the first page: they are left out.
 */
const CONTRACT_FILES_PER_CHUNK = 6;
const contractsDir = path.resolve(import.meta.dirname, '../../packages/contracts/src');
function contractChunkNames(): Map<string, string> {
  const files = fs
    .readdirSync(contractsDir)
    .filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !['index.ts', 'problem-type.ts', 'notification-templates.ts', 'issuer-events-reference.ts'].includes(
          file,
        ),
    )
    .sort();
  const imports = new Map(
    files.map((file) => [
      file,
      [...fs.readFileSync(path.join(contractsDir, file), 'utf8').matchAll(/from '\.\/([^']+)'/g)]
        .map((match) => `${match[1] ?? ''}.ts`)
        .filter((imported) => files.includes(imported)),
    ]),
  );
  const layers = new Map<string, number>();
  const layerOf = (file: string): number => {
    const known = layers.get(file);
    if (known !== undefined) return known;
    layers.set(file, 0);
    const layer = Math.max(0, ...(imports.get(file) ?? []).map((imported) => layerOf(imported) + 1));
    layers.set(file, layer);
    return layer;
  };
  const byLayer = new Map<number, string[]>();
  for (const file of files) byLayer.set(layerOf(file), [...(byLayer.get(layerOf(file)) ?? []), file]);
  const names = new Map<string, string>();
  for (const [layer, list] of byLayer) {
    list.forEach((file, index) =>
      names.set(file, `contracts-${layer}-${Math.floor(index / CONTRACT_FILES_PER_CHUNK)}`),
    );
  }
  return names;
}
const contractChunks = contractChunkNames();
/** The contract files in the order lib/contract-pieces.ts loads them: by chunk name (layer first). */
const contractPieceOrder = [...contractChunks]
  .sort((a, b) => a[1].localeCompare(b[1], 'en', { numeric: true }))
  .map(([file]) => file);

/**
 * The server's renderer of first pages (src/entry-server.tsx, docs/decisions/058): `vite build --ssr` writes
 * it beside the browser's build, in dist-ssr/ (not served), as one program with every library in it — the
 * same aliases (Preact) and plugins as the browser's build, no compressed copies, no shared chunk groups.
 */
const SSR_BUILD = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  sourcemap: true,
  rolldownOptions: {
    onwarn(warning: { code?: string; message: string }, warn: (warning: never) => void) {
      if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
      warn(warning as never);
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    muiThemeWithoutCssVariables(),
    materialIconsOnKit(),
    reactRouterProductionBuild(),
    // Each built script and style sheet also as .gz (zlib level 9) and .br (Brotli quality 11), which the
    // server sends instead of compressing on the fly at zlib's default level: about 1 KB less on a first
    // load over http, and Brotli (HTTPS only in browsers) about 15 % less again (docs/decisions/033).
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['gzip', 'brotliCompress'],
            include: /\.(js|css|svg)$/,
            threshold: 1024,
          }),
        ]),
  ],
  ssr: { noExternal: true, target: 'node' },
  resolve: { alias: PREACT_ALIASES },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    __CONTRACT_PIECE_ORDER__: JSON.stringify(contractPieceOrder),
  },
  build: isSsrBuild
    ? SSR_BUILD
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // No inline scripts or data: URIs for scripts: the server's Content-Security-Policy forbids them.
        assetsInlineLimit: 0,
        sourcemap: true,
        rolldownOptions: {
          // React Router looks for React 19's useOptimistic by name and falls back without it (as on React 18);
          // preact/compat has none, which the bundler would report on every build.
          onwarn(warning, warn) {
            if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
            warn(warning);
          },
          output: {
            codeSplitting: {
              groups: [
                // The libraries every page needs travel as one chunk: one request, and it compresses better
                // than many small shared chunks (bench/web-bundle-size.mjs measures the first page).
                {
                  name: 'framework',
                  // The component kit (docs/decisions/059) travels with them: every page draws with it. MUI and
                  // emotion are not listed: only the broker book's grid and the queue's chart use them, in their
                  // own chunks.
                  test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]|[\\/]src[\\/]kit[\\/]/,
                },
                {
                  name: (id: string) => contractChunks.get(path.basename(id)) ?? null,
                  test: /packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/,
                  // Only the contract files themselves: zod and the domain rules they use stay where the
                  // bundler puts them (with the first page's code, for the rules it shares).
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 3000,
    proxy: {
      '/api': serverUrl,
      '/config': serverUrl,
      '/idp': serverUrl,
    },
  },
  // Vitest runs the web tests through Vite's server-side pipeline: let it pick the libraries' ES module
  // builds as the browser build does (emotion's `import` condition leads to CommonJS, which Node would run
  // with React DOM's React).
  environments: { client: { resolve: { conditions: ['module', 'browser', 'development|production'] } } },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // A real origin, so that the API client's same-origin rules apply as in the browser.
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost:3000/',
        width: 1280,
        height: 900,
        settings: { handleDisabledFileLoadingAsSuccess: true },
      },
    },
    setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
    // Test files share each worker's modules: importing the libraries and the app again for every file
    // cost more than half of this project's CPU (165 → 78-84 CPU s). The module state a file leaves behind
    // (words, schemas, the first-page mark, the portal state) is reset by src/test/setup.ts.
    isolate: false,
    // Testing Library's ES module (its `main` is CommonJS, which Node would run with React DOM itself).
    alias: [
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
    // The aliases above reach a library only when Vite processes it: Node would load React itself for a
    // library it imports directly. Every library that imports React is therefore processed.
    server: {
      deps: {
        inline: true,
      },
    },
  },
}));
