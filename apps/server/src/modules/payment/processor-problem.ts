import { ProblemType } from '@portal/contracts';
import { HttpProblem } from '../../plugins/errors';
import { ProcessorTimeout, ProcessorUnavailable } from '../../processor/port';

/** What the caller is told when the processor did not answer a charge, refund or void. */
export function processorProblem(error: unknown): HttpProblem {
  if (error instanceof ProcessorTimeout) {
    return new HttpProblem(
      504,
      ProblemType.paymentOutcomeUnknown,
      'Payment outcome unknown',
      'The processor did not answer in time. Retry with the same Idempotency-Key: it will not charge twice.',
    );
  }
  if (error instanceof ProcessorUnavailable) {
    return new HttpProblem(
      503,
      ProblemType.unavailable,
      'Processor unavailable',
      'The payment processor is not available. Nothing was charged; try again later.',
    );
  }
  return error instanceof HttpProblem
    ? error
    : new HttpProblem(
        503,
        ProblemType.unavailable,
        'Processor unavailable',
        'The payment processor is not available.',
      );
}
