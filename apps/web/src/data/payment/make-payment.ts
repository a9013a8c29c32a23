import type {
  MakePaymentRequest,
  MakePaymentResponse,
  MakePaymentScheduledResponse,
} from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * POST /api/v1/Payment (SPEC §7 make-payment) with its Idempotency-Key: the same key repeats the first
 * answer and never charges twice. A decline is a 402 problem with `declineCode`.
 */
export const makePayment = (body: MakePaymentRequest, idempotencyKey: string): Promise<MakePaymentResponse> =>
  apiCommand('POST', '/api/v1/Payment', (c) => c.MakePaymentResponseSchema, body, idempotencyKey);

/**
 * POST /api/v1/Payment with a later date (issue 10): nothing is charged now; a scheduled payment is set up
 * for that day from a saved wallet method (202), and the policy's other scheduled payments are cleared
 * (SPEC §4).
 */
export const makePaymentLater = (
  body: MakePaymentRequest,
  idempotencyKey: string,
): Promise<MakePaymentScheduledResponse> =>
  apiCommand('POST', '/api/v1/Payment', (c) => c.MakePaymentScheduledResponseSchema, body, idempotencyKey);
