import path from 'node:path';
import { openPostgres } from '../src/db/client';
import { loadTenantConfig } from '../src/lib/tenant-config';
import { notificationChannel } from '../src/modules/notification/outbox-handler';
import { emailChannel } from '../src/modules/paperless/outbox-handler';
import { OutboxDispatcher } from '../src/outbox/dispatcher';
import { loadBranding } from '../src/pdf/branding';
import { repoRoot } from '../src/settings';

/**
 * An outbox dispatcher alone in its own process, for the test that kills it with SIGKILL while it
 * dispatches (outbox-batches.int.test.ts). Arguments: the database's URL, the batch size, and how long
 * each batch's transaction stays open after the channels wrote (ms), so that the kill can land in one.
 * Prints `dispatching` when it starts, then drains until nothing is left and exits.
 */
async function main(): Promise<void> {
  const [url, batch, holdMs] = process.argv.slice(2);
  if (!url || !batch || !holdMs)
    throw new Error('usage: outbox-dispatcher.fixture.ts <databaseUrl> <batchSize> <holdMs>');
  const configDir = path.join(repoRoot, 'config');
  const tenant = loadTenantConfig(configDir);
  const handle = openPostgres({ connectionString: url, poolSize: 2 });
  const dispatcher = new OutboxDispatcher(
    handle.db,
    { error: (object, message) => process.stderr.write(`${message} ${JSON.stringify(object)}\n`) },
    Number(batch),
  );
  dispatcher.register(notificationChannel());
  dispatcher.register(
    emailChannel({
      branding: loadBranding(configDir, tenant),
      publicUrl: 'http://localhost',
      nudge: () => undefined,
    }),
  );
  dispatcher.register({
    one: () => new Promise((resolve) => setTimeout(resolve, Number(holdMs))),
    many: () => new Promise((resolve) => setTimeout(resolve, Number(holdMs))),
  });
  process.stdout.write('dispatching\n');
  await dispatcher.drain();
  await handle.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
