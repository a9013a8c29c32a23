import { z } from 'zod';
import { setting } from './meta';

/** Sign-in and the keys that sign and seal it: the reference's "Sign-in and keys" section. */
export const identityEnv = {
  PORTAL_SIGNING_JWK: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      "The private key (JWK, ES256) that signs the portal's own session tokens (guests, SAML sign-ins); also keys request fingerprints. Every instance needs the same one (`npm run keys`). Without it one is made in DATA_DIR/keys.",
    secret: true,
  }),
  PORTAL_SIGNING_JWK_ACCEPTED: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second key whose tokens are accepted but which never signs: the next key before a rotation, the previous one after it (docs/OPERATIONS.md, "Rotating keys"). Give the private JWK: with a public one tokens are accepted, but a retried request reaching an instance with the other key is not recognised.',
    secret: true,
  }),
  IDP_SIGNING_JWK: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'The private key (JWK, RS256) the built-in identity providers sign ID and access tokens with. Every instance needs the same one (`npm run keys`). Without it one is made in DATA_DIR/keys.',
    secret: true,
  }),
  IDP_SIGNING_JWK_ACCEPTED: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second private key (JWK, RS256) the identity providers publish and accept but never sign with: the next key before a rotation, the previous one after it.',
    secret: true,
  }),
  IDP_COOKIE_SECRET: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'The secret (32+ characters) the identity providers sign their cookies with. Every instance needs the same one (`npm run keys`).',
    secret: true,
  }),
  IDP_COOKIE_SECRET_ACCEPTED: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second cookie secret that is accepted but never signs: the previous one after a rotation, so sign-ins under way and identity-provider sessions survive it.',
    secret: true,
  }),
  OIDC_CLIENT_SECRET: setting(z.string().min(16).optional(), {
    group: 'Sign-in and keys',
    description:
      "The web app's client secret at the identity providers: the server signs members and staff in as a confidential client (decision 050). With the built-in providers it defaults to one derived from IDP_COOKIE_SECRET; with external issuers it is required.",
    secret: true,
  }),
  SESSION_SECRET: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      "The secret (32+ characters) the web sessions' tokens are sealed with at rest (AES-256-GCM, decision 050). Every instance needs the same one; with the built-in providers it defaults to one derived from IDP_COOKIE_SECRET.",
    secret: true,
  }),
  SESSION_SECRET_ACCEPTED: setting(z.string().min(32).optional(), {
    group: 'Sign-in and keys',
    description:
      'A second session secret that opens sealed tokens but never seals: the previous one after a rotation, so nobody is signed out by it.',
    secret: true,
  }),
  SESSION_STORE: setting(z.enum(['postgres', 'redis']).default('postgres'), {
    group: 'Sign-in and keys',
    description:
      "Where the web app's sessions are kept (decision 050): `postgres` (the database, the embedded one by default) or `redis` (REDIS_URL, required then). With Redis, a Redis outage answers 503 to signed-in calls until it is back (sessions fail closed), and a Redis that loses its data signs everyone out.",
  }),
  API_AUDIENCE: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description: 'The `aud` the API requires in access tokens (default `<PUBLIC_URL>/api`).',
  }),
  SAML_IDP_ENTITY_ID: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'The entity id of the SAML identity provider whose assertions are trusted (with SAML_IDP_CERT).',
  }),
  SAML_IDP_CERT: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description:
      'Its signing certificate(s) or public key, PEM (`\\n` for line breaks on one line). Several PEM blocks: each is trusted (a rotation at the identity provider).',
  }),
  SAML_SP_ENTITY_ID: setting(z.string().min(1).optional(), {
    group: 'Sign-in and keys',
    description: 'Who the portal is to the SAML identity provider (default PUBLIC_URL).',
  }),
};
