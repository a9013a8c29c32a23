import {
  createLocalJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export type IssuerKind = 'builtin-oidc' | 'external-oidc' | 'portal';

/** An issuer whose tokens the API accepts. */
export interface TrustedIssuer {
  issuer: string;
  kind: IssuerKind;
  /** consumer = members, workforce = staff and brokers; null for the portal's own sessions. */
  realm: 'consumer' | 'workforce' | null;
  keys: JWTVerifyGetKey;
  audience: string;
  /** Required JOSE `typ` header (access tokens are `at+jwt`, RFC 9068), if any. */
  typ?: string;
}

export type TokenProblem =
  'malformed' | 'unknown-issuer' | 'bad-signature' | 'expired' | 'wrong-audience' | 'invalid-claims';

export class TokenRejected extends Error {
  constructor(readonly problem: TokenProblem) {
    super(`token rejected: ${problem}`);
  }
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/** Clock skew allowed between us and an issuer, for exp, nbf and iat alike. */
const CLOCK_TOLERANCE_SECONDS = 5;

export const localKeys = (jwks: JSONWebKeySet): JWTVerifyGetKey => createLocalJWKSet(jwks);

/**
 * Verifies bearer tokens: a known issuer, a signature by that issuer's keys (never `alg: none`, never
 * HMAC), the API audience, expiry and not-before, and the `typ` the issuer uses for access tokens.
 */
export class TokenVerifier {
  private readonly byIssuer: Map<string, TrustedIssuer>;

  constructor(issuers: TrustedIssuer[]) {
    this.byIssuer = new Map(issuers.map((i) => [i.issuer, i]));
  }

  get issuers(): TrustedIssuer[] {
    return [...this.byIssuer.values()];
  }

  async verify(token: string): Promise<{ trusted: TrustedIssuer; payload: JWTPayload }> {
    let claimedIssuer: string | undefined;
    try {
      claimedIssuer = decodeJwt(token).iss;
    } catch {
      throw new TokenRejected('malformed');
    }
    const trusted = claimedIssuer === undefined ? undefined : this.byIssuer.get(claimedIssuer);
    if (!trusted) throw new TokenRejected('unknown-issuer');
    try {
      const { payload } = await jwtVerify(token, trusted.keys, {
        issuer: trusted.issuer,
        audience: trusted.audience,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
        ...(trusted.typ ? { typ: trusted.typ } : {}),
      });
      // jose checks `iat` only against a maximum age: a token claiming to be issued in the future (a
      // forged or mis-minted one that would outlive its real lifetime) is refused here.
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
        throw new TokenRejected('invalid-claims');
      }
      return { trusted, payload };
    } catch (error) {
      if (error instanceof TokenRejected) throw error;
      if (error instanceof errors.JWTExpired) throw new TokenRejected('expired');
      if (error instanceof errors.JWTClaimValidationFailed) {
        throw new TokenRejected(error.claim === 'aud' ? 'wrong-audience' : 'invalid-claims');
      }
      if (
        error instanceof errors.JWSSignatureVerificationFailed ||
        error instanceof errors.JWKSNoMatchingKey
      ) {
        throw new TokenRejected('bad-signature');
      }
      if (
        error instanceof errors.JOSEAlgNotAllowed ||
        error instanceof errors.JWSInvalid ||
        error instanceof errors.JWTInvalid
      ) {
        throw new TokenRejected('malformed');
      }
      throw new TokenRejected('invalid-claims');
    }
  }
}
