import { loadOrCreateSecret } from '../auth/keys';
import type { ProcessorSettings, Settings } from '../settings';
import { HttpProcessor, NoProcessor } from './http-adapter';
import type { PaymentProcessor } from './port';

/** The secret key and webhook secret: from the environment, or (sandbox) made once in DATA_DIR/keys. */
export function processorSecrets(settings: Pick<Settings, 'dataDir' | 'processor'>): {
  apiKey: string;
  webhookSecret: string;
} {
  return {
    apiKey: loadOrCreateSecret(settings.dataDir, 'processor-api-key', settings.processor.apiKey),
    webhookSecret: loadOrCreateSecret(
      settings.dataDir,
      'processor-webhook-secret',
      settings.processor.webhookSecret,
    ),
  };
}

/** The port as configured (docs/decisions/016): the HTTP adapter for the sandbox or an external processor. */
export function createProcessor(
  settings: Pick<Settings, 'dataDir' | 'processor'>,
  processor: ProcessorSettings = settings.processor,
): PaymentProcessor {
  if (processor.mode === 'none') return new NoProcessor();
  const { apiKey, webhookSecret } = processorSecrets({ ...settings, processor });
  return new HttpProcessor({
    url: processor.url,
    publicOrigin: processor.publicOrigin,
    apiKey,
    webhookSecret,
    acceptedWebhookSecret: processor.webhookSecretAccepted,
    timeoutMs: processor.timeoutMs,
  });
}

/**
 * The origins the portal's pages are served from, which alone may frame hosted fields: PUBLIC_URL's,
 * and outside production also localhost / 127.0.0.1 on the listening port (as for sign-in redirects).
 */
export function portalOrigins(
  settings: Pick<Settings, 'env' | 'publicUrl'>,
  listeningPort: number | null,
): string[] {
  const origins = new Set([new URL(settings.publicUrl).origin]);
  if (settings.env !== 'production' && listeningPort !== null && listeningPort > 0) {
    for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:${listeningPort}`);
  }
  return [...origins];
}
