import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadOrCreateSecret } from '../../auth/keys';

/**
 * The subscribers' signing secrets at rest (docs/decisions/052): AES-256-GCM under a key derived from
 * WEBHOOK_SECRETS_KEY (or DATA_DIR/keys/webhook-secrets.secret). HMAC signing needs the secret itself,
 * so it is encrypted, not hashed; it leaves the database only to sign, and is never logged.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(material: string) {
    this.#key = createHash('sha256').update(`issuer-webhook-secrets:${material}`).digest();
  }

  static fromSettings(settings: { dataDir: string; webhookSecretsKey: string | undefined }): SecretBox {
    return new SecretBox(loadOrCreateSecret(settings.dataDir, 'webhook-secrets', settings.webhookSecretsKey));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  open(box: string): string {
    const [iv, tag, sealed] = box.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !sealed) throw new Error('a sealed secret has three parts');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  }
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
