import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { ProblemType, type AttachmentUploadSchema, type ServiceRequest, type ServiceRequestList } from '@portal/contracts';
import { canCancelServiceRequest, FINAL_SERVICE_REQUEST_STATUSES, mayMoveServiceRequest, needsReview, type CalendarDate, type ReviewFacts, type ServiceRequestStatus, type ServiceRequestType } from '@portal/domain';
import type { Principal } from '../../auth/principal';
import type { Executor, Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import {
  insertAttachment,
  insertEvent,
  insertServiceRequest,
  lockServiceRequest,
  policyFacts,
  serviceRequestsWithDetails,
  setStatus,
  type ServiceRequestRow,
  type ServiceRequestWithDetails,
} from './repository';

/**
 * The service-request module (issue 11; docs/decisions/024): every change a member asks for goes through
 * here, from whichever page or module makes it. A module that changes something for a member calls
 * {@link submitServiceRequest} inside its command's transaction (the write path) and returns the events
 * it gives; types that need no review bring the change itself (`apply`) and complete at once.
 */

/** Who acted on a request, as the member's history shows it (never a name). */
export type RequestActor = 'member' | 'staff' | 'broker' | 'guest' | 'system';

export function actorOf(principal: Principal): RequestActor {
  switch (principal.kind) {
    case 'member':
    case 'staff':
    case 'broker':
    case 'guest':
      return principal.kind;
    case 'asserted':
      return principal.brokerId ? 'broker' : 'member';
  }
}

const accountOf = (principal: Principal): string | null => ('accountId' in principal ? principal.accountId : null);

export interface NewServiceRequest {
  type: ServiceRequestType;
  householdId: string;
  policyId: string | null;
  policyNumber: string | null;
  /** The requested values, as the type's contracts schema accepted them. */
  details: Record<string, unknown>;
  memberIds?: string[];
  effectiveDate?: CalendarDate | null;
  subject?: string | null;
  requestedBy: Principal;
  /** What the type's review rule needs to know (packages/domain `needsReview`: e.g. a reinstatement paid in full). */
  review?: ReviewFacts;
  /**
   * The change itself, for a type that needs no review (packages/domain `needsReview`): run in the same
   * transaction, and the request is completed with it.
   */
  apply?: (tx: Transaction) => Promise<void>;
}

/** Reference numbers members quote on the phone: `SR-` and 8 characters that are never confused (no 0/O, 1/I). */
function newReference(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `SR-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The outbox event of a request's status (notifications: packages/contracts notification-templates.ts). */
function statusEvent(row: Pick<ServiceRequestRow, 'id' | 'householdId' | 'policyId' | 'referenceNumber' | 'type'>, status: ServiceRequestStatus, policyNumber: string | null): OutboxEventInput {
  return {
    type: `service-request.${status === 'InReview' ? 'in-review' : status.toLowerCase()}`,
    householdId: row.householdId,
    policyId: row.policyId,
    payload: { serviceRequestId: row.id, referenceNumber: row.referenceNumber, requestType: row.type, ...(policyNumber ? { policyNumber } : {}) },
  };
}

/**
 * Records a request (Submitted, with its first history entry); for a type that needs no review, applies
 * the change and completes it in the same transaction. Answers the request and the outbox events the
 * caller's command returns (one notification: received, or done).
 */
export async function submitServiceRequest(tx: Transaction, input: NewServiceRequest): Promise<{ request: ServiceRequestRow; events: OutboxEventInput[] }> {
  const actor = actorOf(input.requestedBy);
  const atOnce = !needsReview(input.type, input.review);
  if (atOnce && !input.apply) throw new Error(`a ${input.type} request is applied at once: give its change`);
  const row = await insertServiceRequest(tx, {
    referenceNumber: newReference(),
    householdId: input.householdId,
    policyId: input.policyId,
    type: input.type,
    status: 'Submitted',
    subject: input.subject ?? null,
    details: input.details,
    memberIds: input.memberIds ?? [],
    effectiveDate: input.effectiveDate ?? null,
    submittedBy: accountOf(input.requestedBy),
    requestedByRole: actor,
    requestedBySubject: input.requestedBy.subject,
  });
  await insertEvent(tx, { requestId: row.id, status: 'Submitted', actorKind: actor, actorSubject: input.requestedBy.subject });
  if (!atOnce || !input.apply) return { request: row, events: [statusEvent(row, 'Submitted', input.policyNumber)] };
  await input.apply(tx);
  await setStatus(tx, row.id, { status: 'Completed' });
  await insertEvent(tx, { requestId: row.id, status: 'Completed', actorKind: 'system', actorSubject: null });
  return { request: { ...row, status: 'Completed', version: row.version + 1 }, events: [statusEvent(row, 'Completed', input.policyNumber)] };
}

/** A change made from an older read of a record: 409 with the record as it is now (issue 11). */
export function editConflict(what: string, current: Record<string, unknown>): HttpProblem {
  return new HttpProblem(409, ProblemType.conflict, 'Changed elsewhere', `This ${what} changed since it was read (in another tab, or by our staff). Review it and try again.`, undefined, { current });
}

export interface StatusChange {
  to: ServiceRequestStatus;
  actor: Principal | 'system';
  /** The version the actor read: a request that moved since is not moved again (409). */
  version: number;
  note?: string | null;
}

/**
 * Moves a request along its lifecycle (packages/domain): the member cancelling while it is Submitted,
 * staff taking it into review, completing or rejecting it. Refuses a move the lifecycle does not allow
 * (422 `not-allowed-now`) and one made from an older read (409).
 */
export async function moveServiceRequest(tx: Transaction, id: string, change: StatusChange): Promise<{ request: ServiceRequestRow; events: OutboxEventInput[] }> {
  const row = await lockServiceRequest(tx, id);
  if (!row) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  if (row.version !== change.version) throw editConflict('request', { status: row.status, version: row.version });
  const allowed = change.to === 'Cancelled' ? canCancelServiceRequest(row.status) : mayMoveServiceRequest(row.status, change.to);
  if (!allowed) {
    throw new HttpProblem(422, ProblemType.unprocessable, 'Not possible', `A ${row.status} request cannot become ${change.to}.`, [
      { field: 'params.id', code: 'not-allowed-now', reason: `The request is ${row.status}.`, params: { status: row.status } },
    ]);
  }
  const note = change.note ?? null;
  await setStatus(tx, row.id, { status: change.to, ...(FINAL_SERVICE_REQUEST_STATUSES.includes(change.to) && note !== null ? { resolution: note } : {}) });
  const actor = change.actor === 'system' ? 'system' : actorOf(change.actor);
  await insertEvent(tx, { requestId: row.id, status: change.to, actorKind: actor, actorSubject: change.actor === 'system' ? null : change.actor.subject, note });
  const policy = row.policyId ? await policyFacts(tx, row.policyId) : undefined;
  return { request: { ...row, status: change.to, version: row.version + 1 }, events: [statusEvent(row, change.to, policy?.policyNumber ?? null)] };
}

const iso = (date: Date): string => date.toISOString();

function viewOf(entry: ServiceRequestWithDetails): ServiceRequest {
  const { request } = entry;
  return {
    id: request.id,
    referenceNumber: request.referenceNumber,
    type: request.type as ServiceRequest['type'],
    status: request.status,
    policyId: request.policyId,
    policyNumber: entry.policyNumber,
    subject: request.subject,
    details: request.details ?? {},
    memberIds: request.memberIds,
    effectiveDate: request.effectiveDate,
    resolution: request.resolution,
    requestedBy: (request.requestedByRole ?? 'member') as ServiceRequest['requestedBy'],
    createdAt: iso(request.createdAt),
    updatedAt: iso(request.updatedAt),
    version: request.version,
    canCancel: canCancelServiceRequest(request.status),
    history: entry.events.map((event) => ({ status: event.status, at: iso(event.createdAt), by: event.actorKind as ServiceRequest['requestedBy'], note: event.note })),
    attachments: entry.attachments.map((attachment) => ({ id: attachment.id, fileName: attachment.fileName, contentType: attachment.contentType, sizeBytes: attachment.sizeBytes })),
  };
}

/** A household's requests, newest first (optionally one policy's, open or closed ones). */
export async function serviceRequestList(db: Executor, householdId: string, filter: { policyId?: string | undefined; status: 'open' | 'closed' | 'all' }): Promise<ServiceRequestList> {
  const all = (await serviceRequestsWithDetails(db, { householdId, policyId: filter.policyId })).map(viewOf);
  const open = (request: ServiceRequest) => request.status === 'Submitted' || request.status === 'InReview';
  const items = filter.status === 'all' ? all : all.filter((request) => open(request) === (filter.status === 'open'));
  return { items, openCount: all.filter(open).length };
}

/** One request as the member sees it. */
export async function serviceRequestView(db: Executor, householdId: string, id: string): Promise<ServiceRequest> {
  const [entry] = await serviceRequestsWithDetails(db, { householdId, ids: [id] });
  if (!entry) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  return viewOf(entry);
}

type Upload = z.output<typeof AttachmentUploadSchema>;
export type CheckedAttachment = Awaited<ReturnType<typeof checkedAttachment>>;

/**
 * An attached file: PDF, JPEG or PNG by its content (the name and the browser's word are not trusted),
 * the type it was declared as, and within the tenant's size limit; refused with a field code otherwise.
 */
export async function checkedAttachment(upload: Upload, maxBytes: number, field: string) {
  const content = Buffer.from(upload.contentBase64, 'base64');
  if (content.length === 0) throw ruleViolation(field, 'file-empty', 'The file is empty.');
  if (content.length > maxBytes) throw ruleViolation(field, 'file-too-large', `Files up to ${maxBytes} bytes.`, { maximumMb: Math.floor((maxBytes / 1024 / 1024) * 10) / 10 });
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !['application/pdf', 'image/jpeg', 'image/png'].includes(detected.mime) || detected.mime !== upload.contentType)
    throw ruleViolation(field, 'file-type-not-accepted', 'Only PDF, JPEG and PNG files are accepted.');
  // Only the last part of a path a browser might send, without control characters.
  const base = upload.fileName.split(/[\\/]/).at(-1) ?? '';
  const fileName = Array.from(base, (character) => (character < ' ' || character === '\u007f' ? '' : character)).join('').slice(0, 200) || 'file';
  return { fileName, contentType: upload.contentType, content, sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}

/** Keeps a checked file with its request (in the request's transaction; a module's command calls it after submitting). */
export async function attachFile(tx: Transaction, requestId: string, file: CheckedAttachment): Promise<string> {
  return insertAttachment(tx, { requestId, ...file });
}
