import type { z } from 'zod';
import {
  ProcessorTimeout,
  ProcessorUnavailable,
  WebhookRejected,
  type ChargeRequest,
  type ChargeResult,
  type PaymentMethodKind,
  type PaymentProcessor,
  type RefundRequest,
  type RefundResult,
  type TokenDescription,
  type TokenizationSession,
  type VerifiedWebhook,
} from './port';
import { checkSignature, SIGNATURE_HEADER } from './signature';
import {
  centsToAmount,
  ChargeSchema,
  EventSchema,
  eventFromWire,
  RefundSchema,
  TokenDescriptionSchema,
  TokenizationSessionSchema,
  VoidSchema,
} from './wire';

export interface HttpProcessorOptions {
  /** Server-to-server base URL of the processor's API. */
  url: string;
  /** The origin browsers load hosted fields from. */
  publicOrigin: string;
  apiKey: string;
  webhookSecret: string;
  /** A second webhook secret that is accepted: the previous one while the processor rotates (PROCESSOR_WEBHOOK_SECRET_ACCEPTED). */
  acceptedWebhookSecret?: string | undefined;
  timeoutMs: number;
}

/**
 * The PaymentProcessor port over the processor HTTP API of ./wire.ts (docs/decisions/016): what the
 * built-in sandbox serves. A real processor plugs in with its own adapter implementing the same port.
 *
 * - every call carries the secret key and gives up after `timeoutMs` (ProcessorTimeout: the outcome
 *   is unknown, retry with the same idempotency key);
 * - a 5xx or an answer that does not parse is ProcessorUnavailable (nothing happened);
 * - charges, refunds and voids carry the caller's idempotency key: a retry gets the first result.
 */
export class HttpProcessor implements PaymentProcessor {
  readonly origin: string;

  constructor(private readonly options: HttpProcessorOptions) {
    this.origin = new URL(options.publicOrigin).origin;
  }

  async createTokenizationSession(owner: string): Promise<TokenizationSession> {
    const answer = await this.call('POST', '/v1/tokenization-sessions', { owner }, undefined);
    const session = this.parse(TokenizationSessionSchema, answer.body);
    if (session.owner !== owner)
      throw new ProcessorUnavailable('the processor bound the session to someone else');
    return session;
  }

  hostedFieldsUrl(
    kind: PaymentMethodKind,
    language: string,
    parentOrigin: string,
    session: TokenizationSession,
  ): string {
    const url = new URL(`/hosted-fields/${kind === 'card' ? 'card' : 'bank-account'}`, this.origin);
    url.searchParams.set('lang', language);
    url.searchParams.set('parent', parentOrigin);
    url.searchParams.set('session', session.id);
    return url.toString();
  }

  async describeToken(token: string): Promise<TokenDescription | null> {
    const answer = await this.call(
      'GET',
      `/v1/tokens/${encodeURIComponent(token)}`,
      undefined,
      undefined,
      [404],
    );
    if (answer.status === 404) return null;
    return this.parse(TokenDescriptionSchema, answer.body);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const answer = await this.call(
      'POST',
      '/v1/charges',
      {
        token: request.token,
        amount: centsToAmount(request.amountCents),
        description: request.description,
        metadata: request.metadata,
      },
      request.idempotencyKey,
    );
    const charge = this.parse(ChargeSchema, answer.body);
    switch (charge.status) {
      case 'declined':
        return {
          status: 'declined',
          transactionId: charge.id,
          declineCode: charge.declineCode ?? 'do_not_honor',
        };
      case 'pending':
        return { status: 'pending', transactionId: charge.id };
      case 'succeeded':
      case 'settled':
      case 'refunded':
        return { status: 'succeeded', transactionId: charge.id };
      case 'returned':
      case 'voided':
        // A first result replayed long after: the money did not stay with us.
        return { status: 'declined', transactionId: charge.id, declineCode: 'do_not_honor' };
    }
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.call(
      'POST',
      '/v1/refunds',
      {
        charge: request.transactionId,
        ...(request.amountCents === undefined ? {} : { amount: centsToAmount(request.amountCents) }),
        reason: request.reason,
      },
      request.idempotencyKey,
    );
    const refund = this.parse(RefundSchema, answer.body);
    return refund.status === 'failed'
      ? { status: 'failed', refundId: refund.id, reason: refund.failureReason ?? 'failed' }
      : { status: refund.status, refundId: refund.id };
  }

  async void(transactionId: string, idempotencyKey: string): Promise<{ status: 'voided' | 'not-voidable' }> {
    const answer = await this.call(
      'POST',
      `/v1/charges/${encodeURIComponent(transactionId)}/void`,
      {},
      idempotencyKey,
      [404],
    );
    if (answer.status === 404) return { status: 'not-voidable' };
    return this.parse(VoidSchema, answer.body);
  }

  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): VerifiedWebhook {
    let check = checkSignature(this.options.webhookSecret, rawBody, headers[SIGNATURE_HEADER]);
    // During a rotation the processor may still sign with the previous secret.
    if (!check.ok && check.reason === 'mismatch' && this.options.acceptedWebhookSecret) {
      check = checkSignature(this.options.acceptedWebhookSecret, rawBody, headers[SIGNATURE_HEADER]);
    }
    if (!check.ok) throw new WebhookRejected(`signature ${check.reason}`);
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected('body is not JSON');
    }
    const event = EventSchema.safeParse(body);
    if (!event.success) throw new WebhookRejected('body is not a known event');
    return { event: eventFromWire(event.data), deliveryId: check.signature };
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProcessorUnavailable('the processor answered something unexpected');
    return parsed.data;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    idempotencyKey: string | undefined,
    acceptStatuses: number[] = [],
  ): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new ProcessorTimeout(`the processor did not answer within ${this.options.timeoutMs} ms`);
      }
      throw new ProcessorUnavailable('the processor could not be reached');
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new ProcessorTimeout(`the processor did not answer within ${this.options.timeoutMs} ms`);
      }
      answer = undefined;
    }
    if (response.ok || acceptStatuses.includes(response.status))
      return { status: response.status, body: answer };
    throw new ProcessorUnavailable(`the processor answered ${response.status}`);
  }
}

/** No processor is configured (outside demo mode and production, without PROCESSOR_URL): nothing can be paid. */
export class NoProcessor implements PaymentProcessor {
  readonly origin = '';
  createTokenizationSession(): Promise<TokenizationSession> {
    return Promise.reject(new ProcessorUnavailable('no payment processor is configured'));
  }
  hostedFieldsUrl(): string {
    throw new ProcessorUnavailable('no payment processor is configured');
  }
  describeToken(): Promise<TokenDescription | null> {
    return Promise.reject(new ProcessorUnavailable('no payment processor is configured'));
  }
  charge(): Promise<ChargeResult> {
    return Promise.reject(new ProcessorUnavailable('no payment processor is configured'));
  }
  refund(): Promise<RefundResult> {
    return Promise.reject(new ProcessorUnavailable('no payment processor is configured'));
  }
  void(): Promise<{ status: 'voided' | 'not-voidable' }> {
    return Promise.reject(new ProcessorUnavailable('no payment processor is configured'));
  }
  verifyWebhook(): VerifiedWebhook {
    throw new WebhookRejected('no payment processor is configured');
  }
}
