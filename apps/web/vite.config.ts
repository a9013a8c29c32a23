import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline scripts or data: URIs for scripts: the server's Content-Security-Policy forbids them.
    assetsInlineLimit: 0,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every page needs travel as one chunk: one request, and it compresses better
            // than many small shared chunks (bench/web-bundle-size.mjs measures the first page).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|@emotion|stylis|hoist-non-react-statics|@mui[\\/]system|@mui[\\/]styled-engine|@mui[\\/]material[\\/](styles|colors|ButtonBase|Typography|Box|Paper|CircularProgress|CssBaseline|Button|IconButton|Stack|Alert|SvgIcon|utils))[\\/]/,
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
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // A real origin, so that the API client's same-origin rules apply as in the browser.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/', width: 1280, height: 900, settings: { handleDisabledFileLoadingAsSuccess: true } } },
    setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
  },
});
