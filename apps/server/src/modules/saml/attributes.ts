/**
 * SPEC §3 "Sign-in assertion": role, policies, additionalProperties (may carry OnlyPCP),
 * languagePreference (ESP, PT or ENG) and broker id, read from the attributes of a verified assertion.
 * Pure: no I/O, so every spelling an exchange or broker system may send is unit-tested.
 */

export type LanguagePreference = 'ESP' | 'PT' | 'ENG';

export interface AssertedAttributes {
  roles: string[];
  /** Exchange subscriber ids or policy numbers, as asserted (looked up afterwards; unknown ones ignored). */
  policyReferences: string[];
  /** The broker's NPN (National Producer Number), when the assertion names a broker. */
  brokerNpn: string | null;
  /** SPEC §4 menu pruning: OnlyPCP false removes the primary-care-provider entry. */
  onlyPcp: boolean | null;
  languagePreference: LanguagePreference | null;
}

/**
 * Roles an external system may assert. Exchanges and broker platforms speak for members and brokers;
 * issuer staff roles (customer service, administrators) come only from the issuer's own workforce
 * sign-in, never from a partner's assertion.
 */
export const ASSERTABLE_ROLES: readonly string[] = ['member', 'broker'];

const MAX_POLICY_REFERENCES = 20;
const POLICY_REFERENCE = /^[A-Za-z0-9-]{1,40}$/;
const NPN = /^[0-9]{1,10}$/;

/**
 * Attribute values by normalised name: identity providers send `role`, `Role` or a URI such as
 * `http://schemas.example.org/claims/role`, so the last segment, lowercased, is the name.
 */
export function normaliseAttributes(raw: Readonly<Record<string, unknown>>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [name, value] of Object.entries(raw)) {
    const key = (name.split(/[/:#]/).pop() ?? name).trim().toLowerCase();
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    result.set(key, [...(result.get(key) ?? []), ...values]);
  }
  return result;
}

const first = (attributes: Map<string, string[]>, ...names: string[]): string[] => {
  for (const name of names) {
    const values = attributes.get(name);
    if (values && values.length > 0) return values;
  }
  return [];
};

/** Values that may be multi-valued attributes or one list separated by commas, semicolons or spaces. */
const splitList = (values: readonly string[]): string[] => [
  ...new Set(
    values
      .flatMap((value) => value.split(/[\s,;]+/))
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** additionalProperties: a JSON object, or `key=value` / `key:value` pairs. Keys are lowercased. */
export function parseAdditionalProperties(values: readonly string[]): Map<string, string> {
  const properties = new Map<string, string>();
  for (const value of values) {
    const text = value.trim();
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
          for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
            if (typeof entry === 'string' || typeof entry === 'boolean' || typeof entry === 'number') {
              properties.set(key.trim().toLowerCase(), String(entry));
            }
          }
        }
      } catch {
        // Not JSON after all: nothing to read from it.
      }
      continue;
    }
    for (const pair of text.split(/[;,\n]+/)) {
      const match = /^\s*([A-Za-z0-9_.-]+)\s*[=:]\s*(.*?)\s*$/.exec(pair);
      if (match?.[1] !== undefined && match[2] !== undefined)
        properties.set(match[1].toLowerCase(), match[2]);
    }
  }
  return properties;
}

export function parseBoolean(value: string | undefined): boolean | null {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'true':
    case '1':
    case 'yes':
    case 'y':
      return true;
    case 'false':
    case '0':
    case 'no':
    case 'n':
      return false;
    default:
      return null;
  }
}

/** SPEC §4: ESP, PT or ENG; any other non-blank value counts as ENG ("ENG or anything else gives en"). */
export function parseLanguagePreference(value: string | undefined): LanguagePreference | null {
  const text = value?.trim().toUpperCase() ?? '';
  if (text === '') return null;
  return text === 'ESP' || text === 'PT' ? text : 'ENG';
}

export function readAssertedAttributes(raw: Readonly<Record<string, unknown>>): AssertedAttributes {
  const attributes = normaliseAttributes(raw);
  const additional = parseAdditionalProperties(first(attributes, 'additionalproperties'));

  const brokerValue = first(attributes, 'brokerid', 'brokernpn', 'npn')[0]?.trim() ?? '';
  const brokerNpn = NPN.test(brokerValue) ? brokerValue : null;

  const assertable = new Set(ASSERTABLE_ROLES);
  const roles = splitList(first(attributes, 'role', 'roles'))
    .map((role) => role.toLowerCase())
    .filter((role) => assertable.has(role));
  // An assertion without a role we accept still names who is arriving: a broker if it names one.
  if (roles.length === 0) roles.push(brokerNpn ? 'broker' : 'member');

  const policyReferences = splitList(first(attributes, 'policies', 'policy', 'policyids'))
    .filter((reference) => POLICY_REFERENCE.test(reference))
    .slice(0, MAX_POLICY_REFERENCES);

  const onlyPcpText = additional.get('onlypcp') ?? first(attributes, 'onlypcp')[0];
  return {
    roles,
    policyReferences,
    brokerNpn,
    onlyPcp: parseBoolean(onlyPcpText),
    languagePreference: parseLanguagePreference(
      first(attributes, 'languagepreference')[0] ?? additional.get('languagepreference'),
    ),
  };
}
