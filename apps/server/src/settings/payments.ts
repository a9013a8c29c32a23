import { z } from 'zod';
import { setting } from './meta';

/** The payment processor: the reference's "Payments" section. */
export const paymentsEnv = {
  PROCESSOR_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Payments',
    description:
      "The payment processor's API (server to server). Required in production (with its key and webhook secret); in demo mode without it the built-in sandbox runs.",
  }),
  PROCESSOR_API_KEY: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description: "The processor's secret API key.",
    secret: true,
  }),
  PROCESSOR_WEBHOOK_SECRET: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description: 'The secret the processor signs its webhooks with (HMAC-SHA256).',
    secret: true,
  }),
  PROCESSOR_WEBHOOK_SECRET_ACCEPTED: setting(z.string().min(16).optional(), {
    group: 'Payments',
    description:
      'A second webhook secret that is accepted: the previous one while the processor rotates its secret.',
    secret: true,
  }),
  PROCESSOR_PUBLIC_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Payments',
    description:
      "The origin browsers load the processor's hosted card fields from (default: PROCESSOR_URL's).",
  }),
  PROCESSOR_PORT: setting(z.coerce.number().int().min(0).max(65_535).optional(), {
    group: 'Payments',
    description:
      "Demo mode: the sandbox processor's port (default PORT+1 with the embedded database, any free port with PostgreSQL).",
  }),
  PROCESSOR_TIMEOUT_MS: setting(z.coerce.number().int().min(50).max(120_000).default(10_000), {
    group: 'Payments',
    description:
      'How long a call to the processor may take before its outcome counts as unknown (retried with the same idempotency key).',
  }),
  PROCESSOR_SETTLE_DELAY_MS: setting(z.coerce.number().int().min(0).default(30_000), {
    group: 'Payments',
    description:
      'Sandbox: how long a bank payment stays pending before its webhook says settled or returned.',
  }),
};

/**
 * The payment processor behind the port (docs/decisions/016):
 * - `sandbox`: the built-in sandbox runs in this process on its own port (demo mode without PROCESSOR_URL);
 * - `external`: a processor at PROCESSOR_URL (a real one in production);
 * - `none`: no processor (outside demo mode and production, without PROCESSOR_URL): paying answers 503.
 */
export interface ProcessorSettings {
  mode: 'sandbox' | 'external' | 'none';
  /** Server-to-server base URL of the processor's API (no trailing slash). */
  url: string;
  /** The origin browsers load hosted fields from (CSP frame-src, postMessage checks). */
  publicOrigin: string;
  /** The secret API key; the sandbox's lives in DATA_DIR/keys when not given. */
  apiKey: string | undefined;
  /** The HMAC secret of the processor's webhooks; the sandbox's lives in DATA_DIR/keys when not given. */
  webhookSecret: string | undefined;
  /** A second webhook secret that is accepted (never used to sign): the previous one while the processor rotates. */
  webhookSecretAccepted: string | undefined;
  /** The sandbox's port (0: any free port). */
  port: number;
  /** How long a call to the processor may take before it counts as ProcessorTimeout. */
  timeoutMs: number;
  /** Sandbox: how long a bank (ACH) payment stays pending before its webhook says settled or returned. */
  settleDelayMs: number;
}

/** The sandbox's address once it listens (its port is only known then when PROCESSOR_PORT/PORT is 0). */
export function withSandboxPort(
  processor: ProcessorSettings,
  port: number,
  publicUrl: string,
): ProcessorSettings {
  if (processor.port === port) return processor;
  const url = new URL(processor.url);
  url.port = String(port);
  const publicHost = new URL(publicUrl);
  return {
    ...processor,
    port,
    url: url.origin,
    publicOrigin: processor.publicOrigin.endsWith(':0')
      ? `${publicHost.protocol}//${publicHost.hostname}:${port}`
      : processor.publicOrigin,
  };
}
