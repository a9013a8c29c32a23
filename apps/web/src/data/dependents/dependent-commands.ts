import type { AddDependentsRequest, RemoveDependentRequest, ServiceRequest } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/**
 * Issue 11 manage-dependents: each makes a service request staff review (after it, invalidate
 * `serviceRequestsKey` so every list of requests shows it).
 */

/** `POST /api/v1/Policy/{policyId}/dependents`: add people for a qualifying life event. */
export const addDependents = (
  policyId: string,
  request: AddDependentsRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/dependents`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );

/** `POST /api/v1/Policy/{policyId}/dependents/remove`: end a dependent's coverage, with a reason and a date. */
export const removeDependent = (
  policyId: string,
  request: RemoveDependentRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/dependents/remove`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );
