/**
 * Identity helpers (SPEC §2 "Shell", §3 "Session data" and "Sign-in assertion", §6 "Roles and permissions").
 */

function toList(value: unknown): string[] {
  const raw = typeof value === 'string' ? [value] : Array.isArray(value) ? (value as unknown[]) : [];
  return raw
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** SPEC §6: where roles can come from; each may be a string or a list of strings. */
export interface RoleSources {
  /** The sign-in assertion's `role`. */
  readonly assertionRole?: unknown;
  /** The cached user's role. */
  readonly userRole?: unknown;
  /** The token claims; their `roles` (or else `role`) claim is read. */
  readonly claims?: Readonly<Record<string, unknown>> | null;
}

/**
 * SPEC §6: roles come from the sign-in assertion, else from the user's role, else from the
 * claims (`roles`, else `role`). A source that is missing, empty or not text is skipped.
 * Values are trimmed; the result may be empty (a guest).
 */
export function resolveRoles(sources: RoleSources): string[] {
  const candidates = [sources.assertionRole, sources.userRole, sources.claims?.roles, sources.claims?.role];
  for (const candidate of candidates) {
    const roles = toList(candidate);
    if (roles.length > 0) return [...new Set(roles)];
  }
  return [];
}

/** SPEC §1/§6: the chatbot loads only for roles listed in configuration (case-insensitive match). */
export function chatbotAllowed(roles: readonly string[], chatbotRoles: readonly string[]): boolean {
  const allowed = new Set(chatbotRoles.map((role) => role.trim().toLowerCase()));
  return roles.some((role) => allowed.has(role.trim().toLowerCase()));
}

/** SPEC §2: the profile claims the greeting reads. */
export interface GreetingProfile {
  readonly name?: string | null;
  readonly preferred_username?: string | null;
  readonly upn?: string | null;
}

/**
 * SPEC §2 "Shell": the greeting shows the signed-in user's name, else preferred_username, else
 * upn; `null` (no greeting) when none is known. Blank values count as unknown.
 */
export function greetingName(profile: GreetingProfile | null | undefined): string | null {
  for (const value of [profile?.name, profile?.preferred_username, profile?.upn]) {
    const trimmed = value?.trim() ?? '';
    if (trimmed !== '') return trimmed;
  }
  return null;
}

/** SPEC §3 "Session data": the kind of id stored for the session. */
export type SessionIdType = 'ExchangeId' | 'IssuerId' | 'other';

/** SPEC §3: reads a stored id type (case-insensitive); anything but ExchangeId or IssuerId is `other`. */
export function sessionIdType(value: string | null | undefined): SessionIdType {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'exchangeid':
      return 'ExchangeId';
    case 'issuerid':
      return 'IssuerId';
    default:
      return 'other';
  }
}

/**
 * SPEC §2 "Side navigation": the id shown under the policyholder's name, the issuer ID or the
 * exchange ID per configuration `policyDisplayID` (`IssuerId` picks the issuer ID, anything else
 * the exchange ID). `id` is null when the policy lacks that id.
 */
export function displayedPolicyId(
  policy: { readonly exchangeId?: string | null; readonly issuerId?: string | null },
  policyDisplayID: string | null | undefined,
): { readonly idType: 'ExchangeId' | 'IssuerId'; readonly id: string | null } {
  return sessionIdType(policyDisplayID) === 'IssuerId'
    ? { idType: 'IssuerId', id: policy.issuerId ?? null }
    : { idType: 'ExchangeId', id: policy.exchangeId ?? null };
}

/**
 * SPEC §3/§4: the OnlyPCP value carried in the assertion's additionalProperties (key matched
 * case-insensitively), as a boolean; `true`/`false` text is accepted; `null` when absent or unreadable.
 */
export function assertionOnlyPcp(
  additionalProperties: Readonly<Record<string, unknown>> | null | undefined,
): boolean | null {
  if (additionalProperties == null) return null;
  const key = Object.keys(additionalProperties).find((name) => name.toLowerCase() === 'onlypcp');
  const value = key === undefined ? undefined : additionalProperties[key];
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return null;
}

const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(.*)$/i;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

interface ResolvedUrl {
  readonly scheme: string;
  readonly origin: string;
  readonly href: string;
}

function resolveUrl(url: string, base: ResolvedUrl | null): ResolvedUrl | null {
  // Backslashes, spaces and control characters are read differently by browsers: refuse them.
  if (/[\\\s\p{Cc}]/u.test(url)) return null;
  const full = url.startsWith('//') && base !== null ? `${base.scheme}:${url}` : url;
  const absolute = ABSOLUTE_URL.exec(full);
  if (absolute !== null) {
    const [, rawScheme = '', authority = '', rest = ''] = absolute;
    const scheme = rawScheme.toLowerCase();
    const defaultPort = DEFAULT_PORTS[scheme];
    let host = authority.toLowerCase();
    if (defaultPort !== undefined && host.endsWith(`:${defaultPort}`))
      host = host.slice(0, -defaultPort.length - 1);
    if (host === '') return null;
    const origin = `${scheme}://${host}`;
    return { scheme, origin, href: `${origin}${rest === '' ? '/' : rest}` };
  }
  if (base === null || !url.startsWith('/') || url.startsWith('//')) return null;
  return { scheme: base.scheme, origin: base.origin, href: `${base.origin}${url}` };
}

function withinPrefix(href: string, prefix: string): boolean {
  if (!href.startsWith(prefix)) return false;
  if (prefix.endsWith('/') || href.length === prefix.length) return true;
  return ['/', '?', '#'].includes(href.charAt(prefix.length));
}

/**
 * SPEC §6: the access token is sent as a bearer header only to allowed API URLs, and in
 * production only to same-host URLs. `url` is allowed when it lies under one of `allowedUrls`
 * (absolute, or root-relative like `/api/`, resolved against `appOrigin`; matched at a path
 * boundary, so `https://api.example` does not allow `https://api.example.evil`) and, in
 * production, has the same scheme, host and port as `appOrigin`. Root-relative `url`s are same-host.
 * URLs that are not absolute or root-relative, or that contain backslashes or spaces, never get the token.
 */
export function mayAttachAccessToken(
  url: string,
  options: {
    readonly appOrigin: string;
    readonly allowedUrls: readonly string[];
    readonly production: boolean;
  },
): boolean {
  const app = resolveUrl(options.appOrigin, null);
  if (app === null) return false;
  const target = resolveUrl(url, app);
  if (target === null) return false;
  if (options.production && target.origin !== app.origin) return false;
  return options.allowedUrls.some((allowed) => {
    const prefix = resolveUrl(allowed, app);
    return prefix !== null && withinPrefix(target.href, prefix.href);
  });
}
