import { startSandboxProcessor } from './server';

/**
 * The sandbox processor alone in its own process, for the test that kills it with SIGKILL while it
 * charges (sandbox-crash.int.test.ts). Arguments: the state folder, the secret key, the webhook secret.
 * Prints one line, `{"url":…,"publicOrigin":…}`, once it listens.
 */
async function main(): Promise<void> {
  const [dataDir, apiKey, webhookSecret] = process.argv.slice(2);
  if (!dataDir || !apiKey || !webhookSecret)
    throw new Error('usage: sandbox-process.fixture.ts <dataDir> <apiKey> <webhookSecret>');
  const sandbox = await startSandboxProcessor({
    dataDir,
    host: '127.0.0.1',
    port: 0,
    publicOriginFor: (port) => `http://127.0.0.1:${String(port)}`,
    apiKey,
    webhookSecret,
    webhookUrl: () => null,
    allowedParentOrigins: () => [],
    settleDelayMs: 60_000,
    slowAnswerMs: 1_000,
    logLevel: 'silent',
  });
  process.stdout.write(`${JSON.stringify({ url: sandbox.url, publicOrigin: sandbox.publicOrigin })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
