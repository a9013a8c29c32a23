import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file whether it runs from src/ (tsx, Vitest) or dist/ (the bundle). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: LogLevelSchema.default('info'),
  CONFIG_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORTAL_SIGNING_JWK: z.string().min(1).optional(),
  IDP_SIGNING_JWK: z.string().min(1).optional(),
  IDP_COOKIE_SECRET: z.string().min(32).optional(),
  API_AUDIENCE: z.string().min(1).optional(),
  SAML_IDP_ENTITY_ID: z.string().min(1).optional(),
  SAML_IDP_CERT: z.string().min(1).optional(),
  SAML_SP_ENTITY_ID: z.string().min(1).optional(),
});

export interface Settings {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** Absolute folder for embedded state: the PGlite database and, later, signing keys. */
  dataDir: string;
  /** A PostgreSQL connection string; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: z.infer<typeof LogLevelSchema>;
  /** Tenant configuration files served at /config/. */
  configDir: string;
  /** The built single-page app served at /. */
  webDistDir: string;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** The origin browsers use to reach this server (issuer URLs, redirect URIs, token audience). */
  publicUrl: string;
  /** The `aud` the API requires in access tokens. */
  apiAudience: string;
  /** Secrets given by the environment (production); when absent they live in DATA_DIR/keys. */
  secrets: { portalSigningJwk?: string; idpSigningJwk?: string; idpCookieSecret?: string };
  /**
   * Asserted (SAML) sessions (SPEC §1, §3 "Sign-in assertion"): the external identity provider we trust
   * (entity id + PEM certificate(s) or public key), or none (embedded mode: the built-in test issuer,
   * outside production), and who we are to it.
   */
  saml: { idpEntityId?: string; idpCert?: string; spEntityId: string; acsUrl: string };
  version: string;
}

export class SettingsError extends Error {}

/** Reads the process environment into typed settings; an invalid variable is reported by name. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Settings {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new SettingsError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`).replace(/\/+$/, '');
  // A trusted SAML identity provider is its entity id and its certificate together, never one alone.
  if ((e.SAML_IDP_ENTITY_ID === undefined) !== (e.SAML_IDP_CERT === undefined)) {
    throw new SettingsError('Invalid environment: SAML_IDP_ENTITY_ID and SAML_IDP_CERT must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL,
    configDir: path.resolve(e.CONFIG_DIR ?? path.join(repoRoot, 'config')),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl,
    apiAudience: e.API_AUDIENCE ?? `${publicUrl}/api`,
    secrets: {
      ...(e.PORTAL_SIGNING_JWK ? { portalSigningJwk: e.PORTAL_SIGNING_JWK } : {}),
      ...(e.IDP_SIGNING_JWK ? { idpSigningJwk: e.IDP_SIGNING_JWK } : {}),
      ...(e.IDP_COOKIE_SECRET ? { idpCookieSecret: e.IDP_COOKIE_SECRET } : {}),
    },
    saml: {
      ...(e.SAML_IDP_ENTITY_ID ? { idpEntityId: e.SAML_IDP_ENTITY_ID } : {}),
      // Environment files often carry a PEM on one line with literal "\n" separators.
      ...(e.SAML_IDP_CERT ? { idpCert: e.SAML_IDP_CERT.replace(/\\n/g, '\n') } : {}),
      spEntityId: e.SAML_SP_ENTITY_ID ?? publicUrl,
      acsUrl: `${publicUrl}/api/v1/saml/acs`,
    },
    version,
  };
}
