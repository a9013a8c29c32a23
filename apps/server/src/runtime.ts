import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './db/client';
import { savedMethodDescriptions } from './modules/wallet/service';
import { portalOrigins, processorSecrets } from './processor';
import { claimSandbox, type SandboxRole } from './processor/sandbox/owner';
import { startSandboxProcessor, type SandboxProcessor } from './processor/sandbox/server';
import { withSandboxPort, type Settings } from './settings';
import { prepareDatabase } from './startup';
import type { SeedSummary } from './seed/seed';

export interface Runtime {
  /** The settings with the sandbox processor's real address, when demo mode uses one. */
  settings: Settings;
  database: DatabaseHandle;
  seeded: SeedSummary | null;
  /** The built-in sandbox processor when this process runs it (demo mode without PROCESSOR_URL), or null. */
  sandbox: SandboxProcessor | null;
  /** Where the portal listens, once it does: the sandbox's webhooks and hosted fields need it. */
  setPortalPort(port: number): void;
}

/** What the process is, for the sandbox rule (processor/sandbox/owner.ts). */
export type RuntimeRole = SandboxRole;

/**
 * What the server (`npm start`), the job runner and the job command (`npm run jobs`) need before the
 * app is built: the database, migrated (and in demo mode seeded on first start), and in demo mode without
 * PROCESSOR_URL the sandbox processor — run by this process on its own port (and origin), or the one
 * another process of the same DATA_DIR runs (issue 40, issue 33 item 4: the rule is in
 * processor/sandbox/owner.ts).
 */
export async function openRuntime(
  initial: Settings,
  role: RuntimeRole = 'server',
  log: (line: string) => void = () => undefined,
): Promise<Runtime> {
  let settings = initial;
  const database = await openDatabase(settings);
  // Demo mode only: on first run, the named demo accounts and a small generated data set (README "Demo accounts").
  const seeded = await prepareDatabase(settings, database);

  let sandbox: SandboxProcessor | null = null;
  let portalPort: number | null = null;
  if (settings.processor.mode === 'sandbox') {
    const stateDir = path.join(settings.dataDir, 'processor-sandbox');
    const claim = await claimSandbox(stateDir, role, {
      onWait: (owner) => {
        log(
          `Waiting for the sandbox processor of ${settings.dataDir}: process ${String(owner.pid)} (${owner.role === 'once' ? 'npm run jobs -- --once' : owner.role}) holds it.`,
        );
      },
    });
    if (claim.kind === 'use') {
      // Another process of this DATA_DIR runs it: reach it by its address, with the same keys (DATA_DIR/keys).
      const port = Number(new URL(claim.owner.url).port);
      settings = {
        ...settings,
        processor: {
          ...settings.processor,
          url: claim.owner.url,
          publicOrigin: claim.owner.publicOrigin,
          port,
        },
      };
    } else {
      try {
        const started = settings;
        const { apiKey, webhookSecret } = processorSecrets(started);
        // A run of `jobs --once` needs no browser: its sandbox takes any free port, never the portal's next one.
        const port = role === 'once' ? 0 : started.processor.port;
        const running = await startSandboxProcessor({
          dataDir: stateDir,
          host: started.host,
          port,
          publicOriginFor: (listening) =>
            withSandboxPort({ ...started.processor, port }, listening, started.publicUrl).publicOrigin,
          apiKey,
          webhookSecret,
          // A server's own webhook route; a process without one (the job runner, a --once run) sends
          // them to the portal's public address (they wait in the sandbox's journal until it answers).
          webhookUrl: () =>
            portalPort === null
              ? role === 'server'
                ? null
                : `${started.publicUrl}/api/v1/processor/webhook`
              : `http://127.0.0.1:${portalPort}/api/v1/processor/webhook`,
          allowedParentOrigins: () => portalOrigins(started, portalPort),
          settleDelayMs: started.processor.settleDelayMs,
          // The "slow answer" test card answers well after the portal has given up waiting.
          slowAnswerMs: started.processor.timeoutMs * 2,
          logLevel: started.logLevel,
        });
        claim.publish(running.url, running.publicOrigin);
        sandbox = {
          ...running,
          close: async () => {
            try {
              await running.close();
            } finally {
              claim.release();
            }
          },
        };
        settings = {
          ...settings,
          processor: withSandboxPort({ ...settings.processor, port }, running.port, settings.publicUrl),
        };
        // The demo data's saved methods were made without the sandbox: it learns their tokens (approved, settling).
        running.adopt(await savedMethodDescriptions(database.db));
      } catch (error) {
        claim.release();
        await sandbox?.close().catch(() => undefined);
        throw error;
      }
    }
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
