import type { ChangeBrokerRequest, ServiceRequest } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** `POST /api/v1/Policy/:policyId/broker`: ask to change or remove the broker of record (a `change-broker` request). */
export const changeBroker = (
  policyId: string,
  request: ChangeBrokerRequest,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Policy/${encodeURIComponent(policyId)}/broker`,
    (c) => c.ServiceRequestSchema,
    request,
    idempotencyKey,
  );
