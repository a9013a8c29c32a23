import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createProcessor } from './processor';
import { openRuntime } from './runtime';
import { loadSettings, repoRoot, SettingsError } from './settings';
import { startBanner } from './startup';

/**
 * `npm start`: one process serving the SPA, /config, the API and (embedded mode) the database.
 * SIGINT/SIGTERM stop it gracefully: no new connections, in-flight requests finish, then the
 * database closes, so a restart finds every committed row.
 */
async function main(): Promise<void> {
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  let settings = loadSettings(process.env, version);

  const runtime = await openRuntime(settings);
  const { database, seeded, sandbox } = runtime;
  settings = runtime.settings;

  const app = await buildApp({
    settings,
    database,
    closeDatabaseOnShutdown: true,
    processor: createProcessor(settings),
    jobs: settings.jobs,
  });

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
    app
      .close()
      .then(() => sandbox?.close())
      .then(
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
  runtime.setPortalPort(port);
  console.log(startBanner({ settings, version, port, seeded }));
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
