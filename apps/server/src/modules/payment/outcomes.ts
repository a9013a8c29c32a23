import type { FastifyError } from 'fastify';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import type { PaymentOutcome } from '../../lib/payment-outcomes';

export { publishPaymentOutcome } from '../../lib/payment-outcomes';

/** The outcome a failed make-payment request stands for, or null for a refusal before any charge. */
export function outcomeOfFailure(error: unknown): PaymentOutcome | null {
  if (error instanceof HttpProblem) {
    if (error.type === ProblemType.paymentDeclined) return 'declined';
    if (error.type === ProblemType.paymentOutcomeUnknown) return 'outcome-unknown';
    if (error.status === 503) return 'processor-unavailable';
    return error.status >= 500 ? 'error' : null;
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  return status !== undefined && status < 500 ? null : 'error';
}
