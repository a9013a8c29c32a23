import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * Signing keys and secrets of the embedded deployment, kept in DATA_DIR/keys so tokens and sessions
 * survive a restart. Production passes them in the environment instead (every instance must share them).
 */

export interface PrivateJwk extends JWK {
  kid: string;
  alg: string;
  use: 'sig';
}

function keysDir(dataDir: string): string {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Writes a file only the server's user can read, atomically (never a half-written key). */
function writeSecretFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** A private signing key (JWK) from `fromEnv` if given, else from DATA_DIR/keys/<name>.jwk.json, created once. */
export async function loadOrCreateSigningKey(
  dataDir: string,
  name: string,
  alg: 'RS256' | 'ES256',
  fromEnv?: string,
): Promise<PrivateJwk> {
  if (fromEnv) return parsePrivateJwk(fromEnv, name);
  const file = path.join(keysDir(dataDir), `${name}.jwk.json`);
  if (fs.existsSync(file)) return parsePrivateJwk(fs.readFileSync(file, 'utf8'), name);
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: PrivateJwk = {
    ...(await exportJWK(privateKey)),
    kid: `${name}-${randomBytes(6).toString('hex')}`,
    alg,
    use: 'sig',
  };
  writeSecretFile(file, JSON.stringify(jwk));
  return jwk;
}

function parsePrivateJwk(text: string, name: string): PrivateJwk {
  const jwk = JSON.parse(text) as Partial<PrivateJwk>;
  if (typeof jwk.kid !== 'string' || typeof jwk.alg !== 'string' || typeof jwk.d !== 'string') {
    throw new Error(`The signing key "${name}" is not a private JWK with kid and alg`);
  }
  return { ...jwk, kid: jwk.kid, alg: jwk.alg, use: 'sig' };
}

export type AcceptedJwk = JWK & { kid: string; alg: string };

/**
 * A key that verifies but never signs (`…_ACCEPTED`: the next key before a rotation, the previous one after
 * it; docs/OPERATIONS.md "Rotating keys"): a private or public JWK with its kid and alg. Its kid must differ
 * from the signing key's, or a token could not say which key signed it.
 */
export function parseAcceptedJwk(text: string, name: string, signing: PrivateJwk): AcceptedJwk {
  let jwk: Partial<PrivateJwk>;
  try {
    jwk = JSON.parse(text) as Partial<PrivateJwk>;
  } catch {
    throw new Error(`The accepted key "${name}" is not JSON (a JWK)`);
  }
  if (typeof jwk.kid !== 'string' || typeof jwk.alg !== 'string' || typeof jwk.kty !== 'string')
    throw new Error(`The accepted key "${name}" is not a JWK with kid and alg`);
  if (jwk.kid === signing.kid)
    throw new Error(
      `The accepted key "${name}" has the signing key's kid (${signing.kid}): give the previous or the next key, not the current one`,
    );
  if (jwk.alg !== signing.alg)
    throw new Error(`The accepted key "${name}" is ${jwk.alg}; the signing key is ${signing.alg}`);
  return { ...jwk, kid: jwk.kid, alg: jwk.alg };
}

/** The public half of a private JWK, for a JWKS document. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export function publicJwk(jwk: JWK): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.has(member)));
}

/** A random secret (base64url) from `fromEnv`, else DATA_DIR/keys/<name>.secret, created once. */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(keysDir(dataDir), `${name}.secret`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeSecretFile(file, secret);
  return secret;
}

/**
 * A fresh set of the secrets every instance of one deployment must share (issue 40, `npm run keys`): the
 * built-in identity providers' signing key and cookie secret, the portal's session signing key, and the
 * secrets a shared sandbox processor (demo mode) and a metrics scraper use. As environment variables.
 */
export async function generateSharedSecrets(): Promise<Record<string, string>> {
  const jwk = async (name: string, alg: 'RS256' | 'ES256') => {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    const key: PrivateJwk = {
      ...(await exportJWK(privateKey)),
      kid: `${name}-${randomBytes(6).toString('hex')}`,
      alg,
      use: 'sig',
    };
    return JSON.stringify(key);
  };
  return {
    IDP_SIGNING_JWK: await jwk('idp', 'RS256'),
    PORTAL_SIGNING_JWK: await jwk('portal-session', 'ES256'),
    IDP_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    // Issue 34: the key of the webhook subscribers' secrets (decision 052), and the issuer's enrolment client (051).
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64url'),
    ENROLLMENT_CLIENT_SECRET: randomBytes(32).toString('base64url'),
    PROCESSOR_API_KEY: `sk_sandbox_${randomBytes(24).toString('base64url')}`,
    PROCESSOR_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64url')}`,
    METRICS_TOKEN: randomBytes(32).toString('base64url'),
  };
}
