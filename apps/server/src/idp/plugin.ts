import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import { and, eq, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { isLanguage, type Language } from '@portal/domain';
import type { AccountConfig } from '@portal/contracts';
import { accounts } from '../db/schema';
import { verifyPassword } from '../lib/password';
import { GuessLimiter, type GuessLimits } from '../lib/rate-limit';
import type { TrustProxy } from '../settings';
import { renderConsentPage, renderErrorPage, renderLoginPage, type PageFrame } from './pages';
import { PATIENT_SCOPES, SMART_OIDC_SCOPES, smartApps } from './smart';
import type { Realm } from './provider';

export interface IdpPluginOptions {
  providers: Record<Realm, Provider>;
  account: AccountConfig;
  publicUrl: string;
  /** Demo mode: the sign-in page points to the README's demo accounts. */
  showDemoHint: boolean;
  /** TRUST_PROXY: whose X-Forwarded-* headers count, for the providers too (they run on Koa). */
  trustProxy: TrustProxy;
}

const FORWARDED_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
] as const;

/**
 * The providers run on Koa, which reads X-Forwarded-* itself (its `proxy` setting). Hand them exactly
 * what Fastify concluded from TRUST_PROXY — the client address, scheme and host — and nothing a client
 * could have forged: forwarded headers from an untrusted peer never reach them.
 */
function normaliseForwardedHeaders(request: FastifyRequest, trustProxy: TrustProxy): void {
  // Read what Fastify trusted before the headers it read them from are replaced.
  const { ip, protocol, host } = request;
  const headers = request.raw.headers;
  for (const name of FORWARDED_HEADERS) headers[name] = undefined;
  if (trustProxy === false) return;
  headers['x-forwarded-for'] = ip;
  headers['x-forwarded-proto'] = protocol;
  headers['x-forwarded-host'] = host;
}

/**
 * Failed sign-ins over 15 minutes (docs/decisions/012): an address is refused after 10 failures on one
 * username, or 50 on any; an account that failed 10 times from anywhere is never locked, but every
 * attempt on it is slowed down (2 s, doubling with every further 10 failures, at most 10 s).
 */
const WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_LIMITS: GuessLimits = {
  perTargetAndSource: 10,
  perSource: 50,
  slowDownAfter: 10,
  slowDownMs: 2_000,
  maxSlowDownMs: 10_000,
};

const CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/** The security headers of our own responses, for the provider's responses that bypass Fastify. */
function setRawSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
}

interface ConsentBody {
  decision?: unknown;
  lang?: unknown;
}

/** What oidc-provider's consent prompt says is missing from the grant. */
interface ConsentDetails {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
}

/** The OpenID scopes a SMART app may be granted besides the patient scopes (sign-in and profile claims). */
const GRANTABLE_OIDC_SCOPES: ReadonlySet<string> = new Set([...SMART_OIDC_SCOPES, 'profile', 'email']);

interface LoginBody {
  username?: unknown;
  password?: unknown;
  lang?: unknown;
}

/**
 * Mounts the built-in OpenID Providers at /idp/consumer and /idp/workforce, with their sign-in pages.
 * Everything under /idp/<realm>/ except the interaction pages is the provider's own protocol surface
 * (discovery, JWKS, authorization, token, userinfo, revocation, end-session).
 */
export const idpPlugin = fp(
  async (app: FastifyInstance, options: IdpPluginOptions) => {
    const limiter = new GuessLimiter(app.database.db, WINDOW_SECONDS, SIGN_IN_LIMITS);
    const apps = smartApps(options.account);

    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: 8 * 1024 });
      scope.addHook('onRequest', (request, _reply, done) => {
        normaliseForwardedHeaders(request, options.trustProxy);
        done();
      });

      for (const realm of ['consumer', 'workforce'] as const) {
        const provider = options.providers[realm];
        const prefix = `/idp/${realm}`;
        const callback = provider.callback();

        const frame = (language: Language, uid: string): PageFrame => ({
          language,
          issuerName: options.account.tenant.issuerName,
          logoUrl: options.account.header.headerLogo,
          languageHref: (other) => `${prefix}/interaction/${uid}?lang=${other}`,
        });

        const loginPage = (
          reply: FastifyReply,
          language: Language,
          uid: string,
          username: string,
          error: Parameters<typeof renderLoginPage>[1]['error'],
        ) =>
          reply
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              renderLoginPage(frame(language, uid), {
                realm,
                action: `${prefix}/interaction/${uid}/login`,
                cancelHref: `${prefix}/interaction/${uid}/abort`,
                username,
                error,
                showDemoHint: options.showDemoHint,
              }),
            );

        const expired = (reply: FastifyReply, language: Language) =>
          reply
            .status(400)
            .header('Cache-Control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              renderErrorPage(
                {
                  language,
                  issuerName: options.account.tenant.issuerName,
                  logoUrl: options.account.header.headerLogo,
                },
                options.publicUrl,
                'sessionExpired',
              ),
            );

        const details = async (request: FastifyRequest, reply: FastifyReply) => {
          try {
            return await provider.interactionDetails(request.raw, reply.raw);
          } catch (error) {
            if (error instanceof oidcErrors.SessionNotFound) return null;
            throw error;
          }
        };

        const requestedLanguage = (request: FastifyRequest, fallback: unknown): Language => {
          const query = (request.query as { lang?: unknown }).lang;
          if (isLanguage(query)) return query;
          const fromParams = typeof fallback === 'string' ? fallback.split(' ')[0] : undefined;
          return isLanguage(fromParams) ? fromParams : 'en';
        };

        /** The scopes a SMART app asks for (only those it may get): the consent screen lists them all. */
        const askedScopes = (requested: unknown): string[] =>
          (typeof requested === 'string' ? requested.split(' ') : []).filter(
            (scope) =>
              GRANTABLE_OIDC_SCOPES.has(scope) || (PATIENT_SCOPES as readonly string[]).includes(scope),
          );

        scope.get<{ Params: { uid: string } }>(
          `${prefix}/interaction/:uid`,
          { schema: { hide: true } },
          async (request, reply) => {
            const interaction = await details(request, reply);
            const language = requestedLanguage(request, interaction?.params.ui_locales);
            if (!interaction || interaction.uid !== request.params.uid) return expired(reply, language);
            // SMART on FHIR (issue 37, docs/decisions/054): a registered app asks the signed-in member's consent.
            const smartApp =
              realm === 'consumer' ? apps.get(String(interaction.params.client_id)) : undefined;
            if (interaction.prompt.name === 'consent' && smartApp) {
              return (
                reply
                  .header('Cache-Control', 'no-store')
                  // The provider's own policy: the form's answer redirects to the app's registered origin.
                  .header('Content-Security-Policy', CSP)
                  .type('text/html; charset=utf-8')
                  .send(
                    renderConsentPage(frame(language, interaction.uid), {
                      action: `${prefix}/interaction/${interaction.uid}/consent`,
                      app: smartApp,
                      // Every SMART app gets refresh tokens (decision 054): the member is told it stays connected.
                      scopes: [...askedScopes(interaction.params.scope), 'offline_access'],
                    }),
                  )
              );
            }
            return loginPage(
              reply,
              language,
              interaction.uid,
              typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '',
              null,
            );
          },
        );

        scope.get<{ Params: { uid: string } }>(
          `${prefix}/interaction/:uid/abort`,
          { schema: { hide: true } },
          async (request, reply) => {
            const interaction = await details(request, reply);
            if (!interaction) return expired(reply, requestedLanguage(request, undefined));
            reply.hijack();
            await provider.interactionFinished(
              request.raw,
              reply.raw,
              { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
              { mergeWithLastSubmission: false },
            );
          },
        );

        scope.post<{ Params: { uid: string }; Body: LoginBody }>(
          `${prefix}/interaction/:uid/login`,
          { schema: { hide: true } },
          async (request, reply) => {
            const interaction = await details(request, reply);
            const body = request.body;
            const language = isLanguage(body.lang)
              ? body.lang
              : requestedLanguage(request, interaction?.params.ui_locales);
            if (!interaction || interaction.uid !== request.params.uid) return expired(reply, language);
            const username = typeof body.username === 'string' ? body.username.trim().slice(0, 100) : '';
            const password = typeof body.password === 'string' ? body.password.slice(0, 200) : '';
            if (!username || !password)
              return loginPage(reply, language, interaction.uid, username, 'missingFields');

            const keys = GuessLimiter.keys(`sign-in:${realm}`, username, request.ip);
            const actor = { subject: keys.target, role: null };
            const decision = await limiter.decide(keys);
            if (decision.kind === 'refused') {
              await request.audit({
                action: 'auth.sign-in',
                outcome: 'denied',
                reason: `rate-limited-${decision.scope === 'target' ? 'account-and-address' : 'address'}`,
                actor,
              });
              return loginPage(reply.status(429), language, interaction.uid, username, 'tooManyAttempts');
            }
            // Failures from elsewhere slow this account's sign-in down, for right and wrong passwords alike.
            if (decision.delayMs > 0) await sleep(decision.delayMs);

            const [row] = await app.database.db
              .select({
                id: accounts.id,
                passwordHash: accounts.passwordHash,
                disabled: accounts.disabled,
                roles: accounts.roles,
              })
              .from(accounts)
              .where(and(eq(accounts.realm, realm), sql`lower(${accounts.username}) = lower(${username})`));
            // Verify even without an account so both answers take the same time.
            const passwordMatches = verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
            if (!row || !passwordMatches || row.disabled) {
              await limiter.failed(keys);
              await request.audit({
                action: 'auth.sign-in',
                outcome: 'denied',
                reason: 'bad-credentials',
                actor,
              });
              return loginPage(reply.status(401), language, interaction.uid, username, 'invalidCredentials');
            }
            await limiter.succeeded(keys);
            await app.database.db
              .update(accounts)
              .set({ lastSignInAt: sql`now()` })
              .where(eq(accounts.id, row.id));
            await request.audit({
              action: 'auth.sign-in',
              outcome: 'success',
              actor: { subject: row.id, role: row.roles[0] ?? null },
            });
            reply.hijack();
            await provider.interactionFinished(
              request.raw,
              reply.raw,
              { login: { accountId: row.id, remember: false } },
              { mergeWithLastSubmission: false },
            );
          },
        );

        scope.post<{ Params: { uid: string }; Body: ConsentBody }>(
          `${prefix}/interaction/:uid/consent`,
          { schema: { hide: true } },
          async (request, reply) => {
            const interaction = await details(request, reply);
            const language = isLanguage(request.body.lang)
              ? request.body.lang
              : requestedLanguage(request, interaction?.params.ui_locales);
            const clientId =
              typeof interaction?.params.client_id === 'string' ? interaction.params.client_id : '';
            const accountId = interaction?.session?.accountId;
            if (
              !interaction ||
              interaction.uid !== request.params.uid ||
              interaction.prompt.name !== 'consent' ||
              realm !== 'consumer' ||
              !apps.has(clientId) ||
              !accountId
            ) {
              return expired(reply, language);
            }
            const [account] = await app.database.db
              .select({ memberId: accounts.memberId })
              .from(accounts)
              .where(eq(accounts.id, accountId));
            const actor = { subject: accountId, role: 'member' };
            const allowed = request.body.decision === 'allow';
            if (!allowed || !account?.memberId) {
              const reason = allowed ? 'no-member-linked' : 'member-declined';
              await request.audit({
                action: 'smart.consent',
                outcome: 'denied',
                reason,
                recordType: 'smart-app',
                recordIds: [clientId],
                actor,
              });
              reply.hijack();
              await provider.interactionFinished(
                request.raw,
                reply.raw,
                {
                  error: 'access_denied',
                  error_description: allowed
                    ? 'The account is not linked to a member: there is no patient to share.'
                    : 'The member did not allow the app.',
                },
                { mergeWithLastSubmission: false },
              );
              return;
            }
            const consent = interaction.prompt.details as ConsentDetails;
            const grant = interaction.grantId
              ? await provider.Grant.find(interaction.grantId)
              : new provider.Grant({ accountId, clientId });
            if (!grant) return expired(reply, language);
            const oidcScopes = (consent.missingOIDCScope ?? []).filter((scope) =>
              GRANTABLE_OIDC_SCOPES.has(scope),
            );
            if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
            if (consent.missingOIDCClaims?.length) grant.addOIDCClaims(consent.missingOIDCClaims);
            for (const [indicator, scopes] of Object.entries(consent.missingResourceScopes ?? {})) {
              const granted = scopes.filter((scope) => (PATIENT_SCOPES as readonly string[]).includes(scope));
              if (granted.length > 0) grant.addResourceScope(indicator, granted.join(' '));
            }
            const grantId = await grant.save();
            await request.audit({
              action: 'smart.consent',
              outcome: 'success',
              recordType: 'smart-app',
              recordIds: [clientId],
              actor,
            });
            reply.hijack();
            await provider.interactionFinished(
              request.raw,
              reply.raw,
              { consent: { grantId } },
              { mergeWithLastSubmission: true },
            );
          },
        );

        // Everything else under the prefix is the provider's: hand the raw request over before Fastify
        // parses the body (the provider reads it itself).
        scope.route({
          method: ['GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'],
          url: `${prefix}/*`,
          schema: { hide: true },
          onRequest: async (request, reply) => {
            reply.hijack();
            const raw = request.raw as typeof request.raw & { originalUrl?: string };
            raw.originalUrl = raw.url;
            raw.url = (raw.url ?? '/').slice(prefix.length) || '/';
            setRawSecurityHeaders(reply.raw);
            await callback(raw, reply.raw);
          },
          // Never reached: the request was handed to the provider in onRequest.
          handler: (_request, reply) => reply,
        });
      }
    });
  },
  { name: 'idp', dependencies: ['db', 'audit'] },
);

// A valid hash of a random password, verified when the username is unknown (constant-time answers).
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$s0m3K6PH0oXk0TuoT0ZxFqIybOZ0v1nWJt8u0W5JS0dL8a6Qy0qT3y2TeN6Zq4lP7PbR9u1J2mM4bq1xkm1Wbw==';
