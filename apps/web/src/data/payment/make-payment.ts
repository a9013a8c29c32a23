import type { MakePaymentRequest, MakePaymentResponse } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * POST /api/v1/Payment (SPEC §7 make-payment) with its Idempotency-Key: the same key repeats the first
 * answer and never charges twice. A decline is a 402 problem with `declineCode`.
 */
export const makePayment = (body: MakePaymentRequest, idempotencyKey: string): Promise<MakePaymentResponse> =>
  apiCommand('POST', '/api/v1/Payment', (c) => c.MakePaymentResponseSchema, body, idempotencyKey);
