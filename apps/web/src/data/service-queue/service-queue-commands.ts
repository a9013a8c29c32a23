import type { ApproveServiceRequest, RejectServiceRequest, ServiceQueueDetail } from '@portal/contracts';
import { apiCommand } from '../../lib/api';

/** The queue's commands (issue 13), each with its `Idempotency-Key` (useCommand gives one per attempt). */

const path = (id: string, command: string) => `/api/v1/ServiceQueue/${encodeURIComponent(id)}/${command}`;

/** `POST …/claim`: the version the processor saw; `takeOver` a colleague's stale claim. */
export const claimServiceRequest = (
  id: string,
  body: { version: number; takeOver: boolean },
  idempotencyKey: string,
): Promise<ServiceQueueDetail> =>
  apiCommand('POST', path(id, 'claim'), (c) => c.ServiceQueueDetailSchema, body, idempotencyKey);

export const releaseServiceRequest = (
  id: string,
  version: number,
  idempotencyKey: string,
): Promise<ServiceQueueDetail> =>
  apiCommand('POST', path(id, 'release'), (c) => c.ServiceQueueDetailSchema, { version }, idempotencyKey);

export const approveServiceRequest = (
  id: string,
  body: ApproveServiceRequest,
  idempotencyKey: string,
): Promise<ServiceQueueDetail> =>
  apiCommand('POST', path(id, 'approve'), (c) => c.ServiceQueueDetailSchema, body, idempotencyKey);

export const rejectServiceRequest = (
  id: string,
  body: RejectServiceRequest,
  idempotencyKey: string,
): Promise<ServiceQueueDetail> =>
  apiCommand('POST', path(id, 'reject'), (c) => c.ServiceQueueDetailSchema, body, idempotencyKey);
