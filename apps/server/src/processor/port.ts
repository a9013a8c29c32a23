/**
 * The payment processor port (docs/decisions/016): everything the portal asks of a processor. The
 * built-in sandbox (./sandbox, demo mode) and any real processor's adapter implement it; the portal
 * never sees a card number, a CVV or a full bank account number — only the tokens the processor's
 * hosted fields give the browser, and the display facts below.
 */

export type PaymentMethodKind = 'card' | 'bankAccount';
export type CardBrand = 'Visa' | 'Mastercard' | 'Amex' | 'Discover';

/**
 * Who may use a token (issue 33 item 1, docs/decisions/039): the processor binds every token to the
 * owner reference of the tokenisation session its hosted fields ran in (`household:<id>`,
 * `guest:<session id>`, …; processor/owner.ts), and says it back when the token is described.
 */
export interface TokenizationSession {
  /** Opaque; the hosted fields page carries it (its URL) and sends it with the numbers it tokenises. */
  id: string;
  owner: string;
  /** ISO time after which the processor makes no more tokens in it. */
  expiresAt: string;
}

/** What every token description carries beside its display facts. */
interface TokenFacts {
  token: string;
  /** The owner reference the token was made for; null for a token made before owners were kept. */
  owner: string | null;
  /**
   * The processor's fingerprint of the card number (or routing + account number): the same for the
   * same card or account however often it is tokenised, different otherwise, and never reversible to
   * the number (issue 33 item 2). Null for a token made before fingerprints were kept.
   */
  fingerprint: string | null;
}

/** What a token stands for, as far as the portal may know it. */
export type TokenDescription =
  | (TokenFacts & {
      kind: 'card';
      brand: CardBrand;
      last4: string;
      expirationMonth: number;
      expirationYear: number;
      funding: 'credit' | 'debit' | 'prepaid';
      /** The billing ZIP the member typed in the hosted fields. */
      postalCode: string | null;
    })
  | (TokenFacts & {
      kind: 'bankAccount';
      /** ABA routing number: identifies the bank (public), not the account. */
      routingNumber: string;
      last3: string;
      accountType: 'Checking' | 'Savings';
      bankName: string | null;
    });

export interface ChargeRequest {
  token: string;
  /** Integer cents (sent to the processor with two decimals, SPEC §9). */
  amountCents: number;
  /** Same key → same charge: the processor answers a repeat with the first result, never charges twice. */
  idempotencyKey: string;
  /** Shown on the statement / in the processor's dashboard (no PHI). */
  description: string;
  /** Our references, echoed back in webhooks. */
  metadata: Record<string, string>;
}

/** Why a processor declined (stable codes; the web translates each). */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'invalid_account'
  | 'do_not_honor';

export type ChargeResult =
  /** Cards: money taken. */
  | { status: 'succeeded'; transactionId: string }
  /** Bank (ACH) payments: accepted, settled or returned later (webhook). */
  | { status: 'pending'; transactionId: string }
  | { status: 'declined'; transactionId: string; declineCode: DeclineCode };

export interface RefundRequest {
  transactionId: string;
  /** Cents; the whole charge when omitted. */
  amountCents?: number;
  idempotencyKey: string;
  reason: string;
}

export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string }
  | { status: 'failed'; refundId: string; reason: string };

/**
 * Events the processor sends us (signed webhooks). `amountCents` is the charge's amount (settled,
 * returned) or the refund's (refund.succeeded): the portal checks it against its own record before it
 * acts (issue 33 item 3).
 */
export type ProcessorEvent =
  | {
      id: string;
      type: 'charge.settled';
      transactionId: string;
      amountCents: number;
      metadata: Record<string, string>;
    }
  | {
      id: string;
      type: 'charge.returned';
      transactionId: string;
      returnCode: string;
      amountCents: number;
      metadata: Record<string, string>;
    }
  | {
      id: string;
      type: 'refund.succeeded';
      transactionId: string;
      refundId: string;
      amountCents: number;
      metadata: Record<string, string>;
    };

/** The processor did not answer in time: the charge may or may not exist (retry with the same key). */
export class ProcessorTimeout extends Error {}
/** The processor answered with an error of its own (5xx, malformed): nothing was charged. */
export class ProcessorUnavailable extends Error {}
/** A webhook whose signature, age or replay check failed. */
export class WebhookRejected extends Error {}

/** A webhook whose signature checked out. */
export interface VerifiedWebhook {
  event: ProcessorEvent;
  /**
   * Names this one signed delivery (the signature): the same event sent again by the processor is a
   * new delivery (processed at most once by its event id); the same delivery sent again is a replay.
   */
  deliveryId: string;
}

export interface PaymentProcessor {
  /** The origin the browser loads hosted fields from (for the CSP and the postMessage checks). */
  readonly origin: string;
  /**
   * Opens a short-lived tokenisation session bound to `owner` (server to server, with the secret key):
   * every token the hosted fields make in it belongs to that owner (issue 33 item 1).
   */
  createTokenizationSession(owner: string): Promise<TokenizationSession>;
  /** The URL of the hosted fields page for `kind`, in `language`, for a parent page at `parentOrigin`, in `session`. */
  hostedFieldsUrl(
    kind: PaymentMethodKind,
    language: string,
    parentOrigin: string,
    session: TokenizationSession,
  ): string;
  /** Display facts, owner and fingerprint of a token; null when the processor does not know it. */
  describeToken(token: string): Promise<TokenDescription | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Cancels a charge not yet settled (a pending bank payment). */
  void(transactionId: string, idempotencyKey: string): Promise<{ status: 'voided' | 'not-voidable' }>;
  /** Checks a webhook (signature, timestamp) and reads its event; throws WebhookRejected. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedWebhook;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment processor of this deployment (the sandbox in demo mode). */
    processor: PaymentProcessor;
  }
}
