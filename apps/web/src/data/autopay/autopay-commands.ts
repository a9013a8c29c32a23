import type {
  AutopayForm,
  AutopayList,
  CreateAutopayRequest,
  ReplaceAutopayRequest,
  SkipNextAutopayRequest,
  UpdateAutopayRequest,
} from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * SPEC §4 Autopay commands (issue 10), each sent with its `Idempotency-Key` (useCommand gives one per
 * attempt). Every one answers with the policy's autopay list as it now is.
 */

/** The update request of a valid autopay form (a maximum only applies to the amount due). */
export function autopayRequestOf(form: AutopayForm): UpdateAutopayRequest {
  const fixed = form.amountType === 'Fixed';
  return {
    amountType: form.amountType,
    ...(fixed ? { fixedAmount: form.fixedAmount.trim() } : {}),
    daysBeforeDue: Number(form.daysBeforeDue),
    ...(!fixed && form.maxAmount.trim() !== '' ? { maxAmount: form.maxAmount.trim() } : {}),
    consent: true,
  };
}

/** SPEC §4 "create": a new subscription paying from a saved wallet method. */
export const createAutopay = (
  policyId: string,
  request: CreateAutopayRequest,
  idempotencyKey: string,
): Promise<AutopayList> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/autopay`,
    (c) => c.AutopayListSchema,
    request,
    idempotencyKey,
  );

/** SPEC §4 "update": new terms (the method changes by replacing). */
export const updateAutopay = (
  id: string,
  request: UpdateAutopayRequest,
  idempotencyKey: string,
): Promise<AutopayList> =>
  apiCommand(
    'PUT',
    `/api/v1/Autopay/${encodeURIComponent(id)}`,
    (c) => c.AutopayListSchema,
    request,
    idempotencyKey,
  );

/** SPEC §4 "cancel": no further charges. */
export const cancelAutopay = (id: string, idempotencyKey: string): Promise<AutopayList> =>
  apiCommand(
    'PUT',
    `/api/v1/Autopay/${encodeURIComponent(id)}/cancel`,
    (c) => c.AutopayListSchema,
    undefined,
    idempotencyKey,
  );

/** SPEC §4 "replace (create new, then cancel original)": the same terms from another saved method. */
export const replaceAutopay = (
  id: string,
  request: ReplaceAutopayRequest,
  idempotencyKey: string,
): Promise<AutopayList> =>
  apiCommand(
    'POST',
    `/api/v1/Autopay/${encodeURIComponent(id)}/replace`,
    (c) => c.AutopayListSchema,
    request,
    idempotencyKey,
  );

/** Issue 10: skip the next run once (`skip: true`), or charge it after all (`skip: false`). */
export const skipNextAutopay = (
  id: string,
  request: SkipNextAutopayRequest,
  idempotencyKey: string,
): Promise<AutopayList> =>
  apiCommand(
    'PUT',
    `/api/v1/Autopay/${encodeURIComponent(id)}/skip-next`,
    (c) => c.AutopayListSchema,
    request,
    idempotencyKey,
  );
