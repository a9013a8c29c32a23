import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createProcessor } from './processor';
import { openRuntime } from './runtime';
import { loadSettings, repoRoot, SettingsError } from './settings';
import { startBanner } from './startup';
import { requireSupportedNode } from './node-runtime';

/**
 * `npm start`: one process serving the SPA, /config, the API and (embedded mode) the database.
 * SIGINT/SIGTERM stop it gracefully: readiness fails while it serves on for SHUTDOWN_DRAIN_MS, then no
 * new connections, in-flight requests finish, then the database closes, so a restart finds every
 * committed row.
 */
async function main(): Promise<void> {
  requireSupportedNode();
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  let settings = loadSettings(process.env, version);

  const runtime = await openRuntime(settings, 'server', (line) => {
    console.log(line);
  });
  const { database, seeded, sandbox } = runtime;
  settings = runtime.settings;

  const app = await buildApp({
    settings,
    database,
    closeDatabaseOnShutdown: true,
    processor: createProcessor(settings),
    jobs: settings.jobs,
  });

  // Stopping (issue 40): readiness fails at once while the instance keeps serving for SHUTDOWN_DRAIN_MS,
  // so the load balancer notices and sends new requests elsewhere; then no new connections, in-flight
  // requests and a running job finish, and only then do the pools close. A second signal skips the wait.
  let stopping = false;
  let endDrain = (): void => undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      endDrain();
      return;
    }
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info(
      { signal, drainMs: settings.shutdownDrainMs },
      'stopping: readiness fails now; serving on while the load balancer notices',
    );
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.shutdownDrainMs);
      endDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    void drained.then(() => {
      app.log.info('stopping: finishing in-flight requests');
      const force = setTimeout(() => {
        app.log.error('in-flight requests did not finish in time; exiting');
        process.exit(1);
      }, settings.shutdownTimeoutMs);
      force.unref();
      return app
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
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

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
