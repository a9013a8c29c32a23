import type { GeneralRequest, ServiceRequest } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** The service-request module's own commands (issue 11), each with its `Idempotency-Key` (useCommand gives one per attempt). */

/** `POST /api/v1/Household/{householdId}/service-requests`: a general request, optionally with one file. */
export const createGeneralRequest = (
  householdId: string,
  request: GeneralRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Household/${encodeURIComponent(householdId)}/service-requests`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );

/** `PUT /api/v1/ServiceRequest/{id}/cancel`: withdrawn by the member while it is still Submitted (`version` as they saw it). */
export const cancelServiceRequest = (
  id: string,
  version: number,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'PUT',
    `/api/v1/ServiceRequest/${encodeURIComponent(id)}/cancel`,
    (c) => c.ServiceRequestSchema,
    { version },
    idempotencyKey,
  );
