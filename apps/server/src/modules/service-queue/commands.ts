import type { FastifyRequest } from 'fastify';
import type { ServiceQueueDetail } from '@portal/contracts';
import { authorizeQueuedRequest, type ServiceRequestRef } from '../../auth/access';
import type { Executor } from '../../db/client';
import { runCommand } from '../../plugins/command';
import {
  claimServiceRequest,
  decideServiceRequest,
  releaseServiceRequest,
  serviceRequestForStaff,
} from '../service-request/service';
import { applyApproved, appliesChange } from './apply';
import { comparisonOf, peopleNow } from './comparison';

/**
 * The queue's commands (issue 13; docs/decisions/030), each through the write path (docs/decisions/014):
 * role action `process-service-request` → staff only, the request exists → one transaction holding the
 * claim or the decision (with the change it applies), its audit row and the member's notification.
 */

export const PROCESS_ACTION = 'process-service-request';

/** The request as the queue's detail page shows it (read in the command's transaction after a change). */
export async function queueDetail(
  request: FastifyRequest,
  db: Executor,
  id: string,
): Promise<ServiceQueueDetail> {
  const principal = request.principal;
  const now = new Date();
  const staff = await serviceRequestForStaff(db, id, principal?.subject ?? '', now);
  const today = request.server.today();
  return {
    request: staff.view,
    householdId: staff.row.householdId,
    subscriberName: staff.subscriberName,
    ageDays: staff.ageDays,
    assignee: staff.assignee,
    comparison: await comparisonOf(db, staff.row, today),
    people: await peopleNow(db, staff.row.policyId, today),
    appliesChange: appliesChange(staff.row.type),
  };
}

const recordIds = (ref: ServiceRequestRef) => [ref.id, ...(ref.policyId ? [`policy:${ref.policyId}`] : [])];

/** `POST /api/v1/service-queue/{id}/claim`. */
export function claimRequest(
  request: FastifyRequest,
  id: string,
  body: { version: number; takeOver: boolean },
): Promise<ServiceQueueDetail> {
  return runCommand<ServiceRequestRef, ServiceQueueDetail>(request, {
    action: PROCESS_ACTION,
    authorize: (db) => authorizeQueuedRequest(request, db, id),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const claimed = await claimServiceRequest(tx, id, {
        principal,
        version: body.version,
        takeOver: body.takeOver,
        now: new Date(),
      });
      return {
        result: await queueDetail(request, tx, id),
        audit: {
          action: claimed.tookOverFrom !== null ? 'service-queue.take-over' : 'service-queue.claim',
          recordType: 'service-request',
          recordIds: recordIds(ref),
          ...(claimed.tookOverFrom !== null ? { reason: 'stale-claim' } : {}),
        },
        events: claimed.events,
      };
    },
  });
}

/** `POST /api/v1/service-queue/{id}/release`. */
export function releaseRequest(
  request: FastifyRequest,
  id: string,
  body: { version: number },
): Promise<ServiceQueueDetail> {
  return runCommand<ServiceRequestRef, ServiceQueueDetail>(request, {
    action: PROCESS_ACTION,
    authorize: (db) => authorizeQueuedRequest(request, db, id),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      await releaseServiceRequest(tx, id, { principal, version: body.version, now: new Date() });
      return {
        result: await queueDetail(request, tx, id),
        audit: { action: 'service-queue.release', recordType: 'service-request', recordIds: recordIds(ref) },
      };
    },
  });
}

/** `POST /api/v1/service-queue/{id}/approve`: the change applied with the status, audit and notification. */
export function approveRequest(
  request: FastifyRequest,
  id: string,
  body: { version: number; note?: string | undefined },
): Promise<ServiceQueueDetail> {
  return runCommand<ServiceRequestRef, ServiceQueueDetail>(request, {
    action: PROCESS_ACTION,
    authorize: (db) => authorizeQueuedRequest(request, db, id),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const note = body.note?.trim() ?? '';
      const { events } = await decideServiceRequest(tx, id, {
        principal,
        version: body.version,
        outcome: 'Completed',
        note: note === '' ? null : note,
        now: new Date(),
        apply: (inner, row) => applyApproved(request, inner, row),
      });
      return {
        result: await queueDetail(request, tx, id),
        audit: { action: 'service-queue.approve', recordType: 'service-request', recordIds: recordIds(ref) },
        events,
      };
    },
  });
}

/** `POST /api/v1/service-queue/{id}/reject`: with the reason the member reads. */
export function rejectRequest(
  request: FastifyRequest,
  id: string,
  body: { version: number; reason: string },
): Promise<ServiceQueueDetail> {
  return runCommand<ServiceRequestRef, ServiceQueueDetail>(request, {
    action: PROCESS_ACTION,
    authorize: (db) => authorizeQueuedRequest(request, db, id),
    householdOf: (ref) => ref.householdId,
    execute: async (tx, { principal, ref }) => {
      const { events } = await decideServiceRequest(tx, id, {
        principal,
        version: body.version,
        outcome: 'Rejected',
        note: body.reason.trim(),
        now: new Date(),
      });
      return {
        result: await queueDetail(request, tx, id),
        audit: { action: 'service-queue.reject', recordType: 'service-request', recordIds: recordIds(ref) },
        events,
      };
    },
  });
}
