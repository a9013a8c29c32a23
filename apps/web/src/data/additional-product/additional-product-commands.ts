import type { AdditionalProductApplication, ServiceRequest } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** `POST /api/v1/Household/:householdId/additional-products`: apply in the portal (an `additional-product` request). */
export const applyForProduct = (
  householdId: string,
  application: AdditionalProductApplication,
  idempotencyKey: string,
): Promise<ServiceRequest> =>
  apiCommand(
    'POST',
    `/api/v1/Household/${encodeURIComponent(householdId)}/additional-products`,
    (c) => c.ServiceRequestSchema,
    application,
    idempotencyKey,
  );
