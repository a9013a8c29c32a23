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
    setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
  },
});
