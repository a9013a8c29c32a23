import type {
  ChangeCoverageDatesRequest,
  ChangePlanRequest,
  EndCoverageRequest,
  ServiceRequest,
} from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** The coverage commands (issue 11): each makes a service request staff review, with its `Idempotency-Key`. */

const policyPath = (policyId: string, what: string) =>
  `/api/v1/Policy/${encodeURIComponent(policyId)}/${what}`;

/** `POST /api/v1/Policy/{policyId}/end-coverage`. */
export const requestEndCoverage = (
  policyId: string,
  request: EndCoverageRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    policyPath(policyId, 'end-coverage'),
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );

/** `POST /api/v1/Policy/{policyId}/coverage-dates`. */
export const requestCoverageDates = (
  policyId: string,
  request: ChangeCoverageDatesRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    policyPath(policyId, 'coverage-dates'),
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );

/** `POST /api/v1/Policy/{policyId}/change-plan`. */
export const requestPlanChange = (
  policyId: string,
  request: ChangePlanRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    policyPath(policyId, 'change-plan'),
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );
