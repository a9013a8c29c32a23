// Bundles the server into dist/server.js, and the operators' commands beside it: dist/jobs.js (`npm run jobs`:
// the job runner, or one billing day with --once), dist/seed.js (`npm run seed`), dist/keys.js (`npm run
// keys`) and dist/migrate.js (`npm run migrate`: the migrations alone, once per release), so that an image
// installed with `npm ci --omit=dev` (no tsx) runs them with plain `node`. Our workspace packages (@portal/*, TypeScript sources) are bundled in; every other
// package stays external and loads from node_modules at run time. All of them must stay in dist/: settings.ts
// finds the repository root from the running file's folder.
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The bundle's options (a test builds with them too, to check that every package the bundle leaves to
 * node_modules is a dependency of this workspace: the image installs this workspace's dependencies only).
 */
export const buildOptions = {
  absWorkingDir: import.meta.dirname,
  entryPoints: {
    server: 'src/server.ts',
    jobs: 'src/jobs/cli.ts',
    seed: 'src/seed/cli.ts',
    keys: 'src/auth/keys-cli.ts',
    migrate: 'src/db/migrate-cli.ts',
    enrollment: 'src/modules/enrollment/cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
};

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await build(buildOptions);
