// Bundles the server into dist/server.js. Our workspace packages (@portal/*, TypeScript sources) are
// bundled in; every other package stays external and loads from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { external: true }));
      },
    },
  ],
  logLevel: 'warning',
});
