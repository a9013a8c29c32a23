import type {
  ChangeScheduledPaymentRequest,
  CreateScheduledPaymentRequest,
  ScheduledPayment,
} from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * The scheduled-payment commands of issue 10, each sent with its `Idempotency-Key` (useCommand gives one
 * per attempt). Each answers the scheduled payment as it now is.
 */

/** `POST /api/v1/Policy/{policyId}/scheduled-payments`: a one-time payment from a saved method on a later date. */
export const createScheduledPayment = (
  policyId: string,
  request: CreateScheduledPaymentRequest,
  idempotencyKey: string,
): Promise<ScheduledPayment> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/scheduled-payments`,
    (c) => c.ScheduledPaymentSchema,
    request,
    idempotencyKey,
  );

/** `PUT /api/v1/ScheduledPayment/{id}`: a new date and/or amount, while it is still Scheduled. */
export const changeScheduledPayment = (
  id: string,
  request: ChangeScheduledPaymentRequest,
  idempotencyKey: string,
): Promise<ScheduledPayment> =>
  apiCommand(
    'PUT',
    `/api/v1/ScheduledPayment/${encodeURIComponent(id)}`,
    (c) => c.ScheduledPaymentSchema,
    request,
    idempotencyKey,
  );

/** `PUT /api/v1/ScheduledPayment/{id}/cancel`: cancelled by the member while it is still Scheduled. */
export const cancelScheduledPayment = (id: string, idempotencyKey: string): Promise<ScheduledPayment> =>
  apiCommand(
    'PUT',
    `/api/v1/ScheduledPayment/${encodeURIComponent(id)}/cancel`,
    (c) => c.ScheduledPaymentSchema,
    undefined,
    idempotencyKey,
  );
