import type { SelectPcpRequest, ServiceRequest } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** `POST /api/v1/Policy/:policyId/pcp`: a primary care provider for each member named (a `pcp` request). */
export const selectPcp = (
  policyId: string,
  request: SelectPcpRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/pcp`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );
