import { isIP } from 'node:net';
import { z } from 'zod';
import { setting, SettingsError } from './meta';

/** The server itself (where it listens, its folders, its log) and how it stops: the reference's "Server" and "Stopping" sections. */
export const serverEnv = {
  NODE_ENV: setting(z.enum(['production', 'development', 'test']).default('development'), {
    group: 'Server',
    description:
      '`production` refuses demo mode, requires a payment processor, and writes responses with compiled serializers instead of validating them.',
  }),
  PORT: setting(z.coerce.number().int().min(0).max(65_535).default(3000), {
    group: 'Server',
    description:
      'The HTTP port of the portal (web app, /config, the API). 0: any free port (printed at start).',
  }),
  HOST: setting(z.string().min(1).default('0.0.0.0'), {
    group: 'Server',
    description: 'The address the portal listens on.',
  }),
  PUBLIC_URL: setting(z.url({ protocol: /^https?$/ }).optional(), {
    group: 'Server',
    description:
      "The origin members reach the portal at (issuer URLs, redirect URIs, the tokens' audience, e-mail links). Default `http://localhost:<PORT>`. Set it behind a load balancer.",
  }),
  TRUST_PROXY: setting(z.string().default('false'), {
    group: 'Server',
    description:
      'Which peers may set X-Forwarded-For/-Proto/-Host: `false`, a hop count 1-10, or proxy addresses and CIDR ranges separated by commas (`loopback`, `linklocal`, `uniquelocal` too). `true` (any peer) is accepted but lets clients forge their address.',
  }),
  DATA_DIR: setting(z.string().min(1).default('./.data'), {
    group: 'Server',
    description:
      'Folder for local state: the embedded database, keys made when none are given, the sandbox processor. With PostgreSQL and every key given it only needs to be writable (the image mounts an empty volume there).',
  }),
  CONFIG_DIR: setting(z.string().min(1).optional(), {
    group: 'Server',
    description: 'The tenant configuration served at /config/ (default: `config/` of the installation).',
  }),
  WEB_DIST_DIR: setting(z.string().min(1).optional(), {
    group: 'Server',
    description: 'The built web app served at / (default: `apps/web/dist/` of the installation).',
  }),
  WEB_RENDER_BUDGET_MS: setting(z.coerce.number().int().min(0).max(10_000).default(1_000), {
    group: 'Server',
    description:
      'How long the server may take to render the first view of the overview, make-payment or locate-account (docs/decisions/058) before it sends the page for the browser to render instead. 0 turns server rendering off.',
  }),
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    group: 'Server',
    description: 'The least severe log line written (pino; JSON on standard output).',
  }),
  SHUTDOWN_DRAIN_MS: setting(z.coerce.number().int().min(0).max(600_000).optional(), {
    group: 'Stopping',
    description:
      'After SIGTERM: how long the instance keeps serving with readiness failing, so the load balancer stops sending it requests. Default 5000 with PostgreSQL, 0 with the embedded database.',
  }),
  SHUTDOWN_TIMEOUT_MS: setting(z.coerce.number().int().min(0).default(10_000), {
    group: 'Stopping',
    description:
      'After the drain: how long in-flight requests and a running job may take before the process exits anyway.',
  }),
};

/** `TRUST_PROXY`: false, true, a hop count, or a list of addresses/CIDRs (as Fastify's `trustProxy` takes them). */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for the usual private ranges, accepted as list entries too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (rest.length > 0 || version === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Reads TRUST_PROXY; throws with the reason when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10)
      throw new SettingsError('Invalid environment: TRUST_PROXY: a hop count must be 1-10');
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new SettingsError(
      `Invalid environment: TRUST_PROXY: expected true, false, a hop count or addresses/CIDRs separated by commas, got "${invalid.join(', ') || text}"`,
    );
  }
  return entries;
}
