import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './db/client';
import { savedMethodDescriptions } from './modules/wallet/service';
import { portalOrigins, processorSecrets } from './processor';
import { startSandboxProcessor, type SandboxProcessor } from './processor/sandbox/server';
import { withSandboxPort, type Settings } from './settings';
import { prepareDatabase } from './startup';
import type { SeedSummary } from './seed/seed';

export interface Runtime {
  /** The settings with the sandbox processor's real port, when it runs. */
  settings: Settings;
  database: DatabaseHandle;
  seeded: SeedSummary | null;
  /** The built-in sandbox processor (demo mode without PROCESSOR_URL), or null. */
  sandbox: SandboxProcessor | null;
  /** Where the portal listens, once it does: the sandbox's webhooks and hosted fields need it. */
  setPortalPort(port: number): void;
}

/**
 * What the server (`npm start`) and the job command (`npm run jobs`) both need before the app is built:
 * the database, migrated (and in demo mode seeded on first start), and in demo mode without
 * PROCESSOR_URL the sandbox processor, in this process on its own port (and origin).
 */
export async function openRuntime(initial: Settings): Promise<Runtime> {
  let settings = initial;
  const database = await openDatabase(settings);
  // Demo mode only: on first run, the named demo accounts and a small generated data set (README "Demo accounts").
  const seeded = await prepareDatabase(settings, database);

  let sandbox: SandboxProcessor | null = null;
  let portalPort: number | null = null;
  if (settings.processor.mode === 'sandbox') {
    const started = settings;
    const { apiKey, webhookSecret } = processorSecrets(started);
    sandbox = await startSandboxProcessor({
      dataDir: path.join(started.dataDir, 'processor-sandbox'),
      host: started.host,
      port: started.processor.port,
      publicOriginFor: (port) => withSandboxPort(started.processor, port, started.publicUrl).publicOrigin,
      apiKey,
      webhookSecret,
      webhookUrl: () => (portalPort === null ? null : `http://127.0.0.1:${portalPort}/api/v1/processor/webhook`),
      allowedParentOrigins: () => portalOrigins(started, portalPort),
      settleDelayMs: started.processor.settleDelayMs,
      // The "slow answer" test card answers well after the portal has given up waiting.
      slowAnswerMs: started.processor.timeoutMs * 2,
      logLevel: started.logLevel,
    });
    settings = { ...settings, processor: withSandboxPort(settings.processor, sandbox.port, settings.publicUrl) };
    // The demo data's saved methods were made without the sandbox: it learns their tokens (approved, settling).
    sandbox.adopt(await savedMethodDescriptions(database.db));
  }
  return {
    settings,
    database,
    seeded,
    sandbox,
    setPortalPort: (port) => {
      portalPort = port;
    },
  };
}
