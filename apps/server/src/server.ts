import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { seedDemoDataIfEmpty } from './seed/seed';
import { loadSettings, repoRoot, SettingsError } from './settings';

/**
 * `npm start`: one process serving the SPA, /config, the API and (embedded mode) the database.
 * SIGINT/SIGTERM stop it gracefully: no new connections, in-flight requests finish, then the
 * database closes, so a restart finds every committed row.
 */
async function main(): Promise<void> {
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const settings = loadSettings(process.env, version);

  const database = await openDatabase(settings);
  await database.migrate();
  // First run: the named demo accounts and a small generated data set (README "Demo accounts").
  const seeded = await seedDemoDataIfEmpty(database);

  const app = await buildApp({ settings, database, closeDatabaseOnShutdown: true });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, settings.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${settings.dataDir}`;
  console.log(
    [
      '',
      `  Member portal ${version} is running: http://localhost:${port}/`,
      `  API: http://localhost:${port}/api/docs   Database: ${where}`,
      ...(seeded
        ? [
            `  Seeded the demo data: ${seeded.counts.households} households in ${(seeded.milliseconds / 1000).toFixed(1)} s.`,
          ]
        : []),
      `  Demo accounts (password ${DEMO_PASSWORD}):`,
      ...DEMO_ACCOUNTS.map((account) => `    ${account.username.padEnd(14)} ${account.shows}`),
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
