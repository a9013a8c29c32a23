import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { opensAs, type AcceptedFileType } from '../../lib/uploaded-file';
import type { z } from 'zod';
import {
  ProblemType,
  type AttachmentLimits,
  type AttachmentUploadSchema,
  type ServiceQueuePage,
  type ServiceQueueSummary,
  type ServiceRequest,
  type ServiceRequestList,
} from '@portal/contracts';
import {
  CLAIM_STALE_AFTER_MINUTES,
  canCancelServiceRequest,
  claimDecision,
  FINAL_SERVICE_REQUEST_STATUSES,
  isClaimStale,
  mayMoveServiceRequest,
  needsReview,
  requestAgeDays,
  type CalendarDate,
  type ReviewFacts,
  type ServiceRequestStatus,
  type ServiceRequestType,
} from '@portal/domain';
import type { Principal } from '../../auth/principal';
import type { Executor, Transaction } from '../../db/client';
import type { OutboxEventInput } from '../../outbox/events';
import { ruleViolation } from '../../plugins/command';
import { HttpProblem } from '../../plugins/errors';
import { policyFacts } from '../policy/service';
import {
  claimIfFree,
  attachmentTotals,
  insertAttachment,
  insertEvent,
  insertServiceRequest,
  lockServiceRequest,
  openRequestsByType,
  queuePage,
  serviceRequestById,
  serviceRequestsWithDetails,
  setAssignee,
  setMemberIds,
  setStatus,
  staffNameOf,
  subscriberNameOf,
  type ServiceRequestRow,
  type ServiceRequestWithDetails,
} from './repository';

export type { ServiceRequestRow } from './repository';

// For the acting-session module: staff act for the household a queued request is from.
export { householdOfServiceRequest } from './repository';

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

const accountOf = (principal: Principal): string | null =>
  'accountId' in principal ? principal.accountId : null;

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
function statusEvent(
  row: Pick<ServiceRequestRow, 'id' | 'householdId' | 'policyId' | 'referenceNumber' | 'type'>,
  status: ServiceRequestStatus,
  policyNumber: string | null,
): OutboxEventInput {
  return {
    type: `service-request.${status === 'InReview' ? 'in-review' : status.toLowerCase()}`,
    householdId: row.householdId,
    policyId: row.policyId,
    payload: {
      serviceRequestId: row.id,
      referenceNumber: row.referenceNumber,
      requestType: row.type,
      ...(policyNumber ? { policyNumber } : {}),
    },
  };
}

/**
 * Records a request (Submitted, with its first history entry); for a type that needs no review, applies
 * the change and completes it in the same transaction. Answers the request and the outbox events the
 * caller's command returns (one notification: received, or done).
 */
export async function submitServiceRequest(
  tx: Transaction,
  input: NewServiceRequest,
): Promise<{ request: ServiceRequestRow; events: OutboxEventInput[] }> {
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
  await insertEvent(tx, {
    requestId: row.id,
    status: 'Submitted',
    actorKind: actor,
    actorSubject: input.requestedBy.subject,
  });
  if (!atOnce || !input.apply)
    return { request: row, events: [statusEvent(row, 'Submitted', input.policyNumber)] };
  await input.apply(tx);
  await setStatus(tx, row.id, { status: 'Completed' });
  await insertEvent(tx, { requestId: row.id, status: 'Completed', actorKind: 'system', actorSubject: null });
  return {
    request: { ...row, status: 'Completed', version: row.version + 1 },
    events: [statusEvent(row, 'Completed', input.policyNumber)],
  };
}

/** A change made from an older read of a record: 409 with the record as it is now (issue 11). */
export function editConflict(what: string, current: Record<string, unknown>): HttpProblem {
  return new HttpProblem(
    409,
    ProblemType.conflict,
    'Changed elsewhere',
    `This ${what} changed since it was read (in another tab, or by our staff). Review it and try again.`,
    undefined,
    { current },
  );
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
export async function moveServiceRequest(
  tx: Transaction,
  id: string,
  change: StatusChange,
): Promise<{ request: ServiceRequestRow; events: OutboxEventInput[] }> {
  const row = await lockServiceRequest(tx, id);
  if (!row) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  if (row.version !== change.version)
    throw editConflict('request', { status: row.status, version: row.version });
  const allowed =
    change.to === 'Cancelled'
      ? canCancelServiceRequest(row.status)
      : mayMoveServiceRequest(row.status, change.to);
  if (!allowed) {
    throw new HttpProblem(
      422,
      ProblemType.unprocessable,
      'Not possible',
      `A ${row.status} request cannot become ${change.to}.`,
      [
        {
          field: 'params.id',
          code: 'not-allowed-now',
          reason: `The request is ${row.status}.`,
          params: { status: row.status },
        },
      ],
    );
  }
  const note = change.note ?? null;
  await setStatus(tx, row.id, {
    status: change.to,
    ...(FINAL_SERVICE_REQUEST_STATUSES.includes(change.to) && note !== null ? { resolution: note } : {}),
  });
  const actor = change.actor === 'system' ? 'system' : actorOf(change.actor);
  await insertEvent(tx, {
    requestId: row.id,
    status: change.to,
    actorKind: actor,
    actorSubject: change.actor === 'system' ? null : change.actor.subject,
    note,
  });
  const policy = row.policyId ? await policyFacts(tx, row.policyId) : undefined;
  return {
    request: { ...row, status: change.to, version: row.version + 1 },
    events: [statusEvent(row, change.to, policy?.policyNumber ?? null)],
  };
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
    history: entry.events.map((event) => ({
      status: event.status,
      at: iso(event.createdAt),
      by: event.actorKind as ServiceRequest['requestedBy'],
      note: event.note,
    })),
    attachments: entry.attachments.map((attachment) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      sizeBytes: attachment.sizeBytes,
    })),
  };
}

/** A household's requests, newest first (optionally one policy's, open or closed ones). */
export async function serviceRequestList(
  db: Executor,
  householdId: string,
  filter: { policyId?: string | undefined; status: 'open' | 'closed' | 'all' },
): Promise<ServiceRequestList> {
  const all = (await serviceRequestsWithDetails(db, { householdId, policyId: filter.policyId })).map(viewOf);
  const open = (request: ServiceRequest) => request.status === 'Submitted' || request.status === 'InReview';
  const items =
    filter.status === 'all' ? all : all.filter((request) => open(request) === (filter.status === 'open'));
  return { items, openCount: all.filter(open).length };
}

/** One request as the member sees it. */
export async function serviceRequestView(
  db: Executor,
  householdId: string,
  id: string,
): Promise<ServiceRequest> {
  const [entry] = await serviceRequestsWithDetails(db, { householdId, ids: [id] });
  if (!entry) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  return viewOf(entry);
}

type Upload = z.output<typeof AttachmentUploadSchema>;
export type CheckedAttachment = Awaited<ReturnType<typeof checkedAttachment>>;

const ACCEPTED_TYPES: readonly AcceptedFileType[] = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * An attached file: PDF, JPEG or PNG by its content, parsed (the name and the browser's word are not trusted),
 * the type it was declared as, and within the tenant's size limit; refused with a field code otherwise.
 */
export async function checkedAttachment(upload: Upload, maxBytes: number, field: string) {
  const content = Buffer.from(upload.contentBase64, 'base64');
  if (content.length === 0) throw ruleViolation(field, 'file-empty', 'The file is empty.');
  if (content.length > maxBytes)
    throw ruleViolation(field, 'file-too-large', `Files up to ${maxBytes} bytes.`, {
      maximumMb: Math.floor((maxBytes / 1024 / 1024) * 10) / 10,
    });
  const detected = await fileTypeFromBuffer(content);
  const accepted = ACCEPTED_TYPES.find((type) => type === detected?.mime);
  // The signature names the type; the file must then parse as that type (issue 33 item 6: a file that
  // starts with %PDF but is HTML is not a PDF).
  if (!accepted || accepted !== upload.contentType || !(await opensAs(accepted, content)))
    throw ruleViolation(field, 'file-type-not-accepted', 'Only PDF, JPEG and PNG files are accepted.');
  // Only the last part of a path a browser might send, without control characters.
  const base = upload.fileName.split(/[\\/]/).at(-1) ?? '';
  const fileName =
    Array.from(base, (character) => (character < ' ' || character === '\u007f' ? '' : character))
      .join('')
      .slice(0, 200) || 'file';
  return {
    fileName,
    contentType: upload.contentType,
    content,
    sizeBytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

const megabytes = (bytes: number) => Math.floor((bytes / 1024 / 1024) * 10) / 10;

/**
 * Keeps a checked file with its request (in the request's transaction; a module's command calls it after
 * submitting), within the tenant's limits (issue 33 item 7, docs/decisions/040): files and bytes per
 * request, and per household over the last `windowDays` days — one member's uploads cannot fill the
 * database, whoever attaches them. Refused with a field code the web translates on the file's field:
 * `too-many-files-request` / `files-too-large-request` (params `maximum` / `maximumMb`),
 * `too-many-files-household` / `files-too-large-household` (the same, and `days`).
 */
export async function attachFile(
  tx: Transaction,
  owner: { requestId: string; householdId: string },
  file: CheckedAttachment,
  limits: AttachmentLimits,
  field: string,
): Promise<string> {
  const { perRequest, perHousehold } = limits;
  const totals = await attachmentTotals(tx, owner.requestId, owner.householdId, perHousehold.windowDays);
  if (totals.request.files + 1 > perRequest.maxFiles)
    throw ruleViolation(
      field,
      'too-many-files-request',
      `A request holds up to ${perRequest.maxFiles} files.`,
      { maximum: perRequest.maxFiles },
    );
  if (totals.request.bytes + file.sizeBytes > perRequest.maxBytes)
    throw ruleViolation(
      field,
      'files-too-large-request',
      `A request holds up to ${perRequest.maxBytes} bytes of files.`,
      { maximumMb: megabytes(perRequest.maxBytes) },
    );
  if (totals.household.files + 1 > perHousehold.maxFiles)
    throw ruleViolation(
      field,
      'too-many-files-household',
      `Up to ${perHousehold.maxFiles} files in ${perHousehold.windowDays} days.`,
      { maximum: perHousehold.maxFiles, days: perHousehold.windowDays },
    );
  if (totals.household.bytes + file.sizeBytes > perHousehold.maxBytes)
    throw ruleViolation(
      field,
      'files-too-large-household',
      `Up to ${perHousehold.maxBytes} bytes of files in ${perHousehold.windowDays} days.`,
      { maximumMb: megabytes(perHousehold.maxBytes), days: perHousehold.windowDays },
    );
  return insertAttachment(tx, { requestId: owner.requestId, ...file });
}

/* ---------------------------------------------------------------------------------------------------
 * The staff queue (issue 13; docs/decisions/030): the service-queue module lists, claims and finishes
 * requests through these functions (the table stays this module's).
 * ------------------------------------------------------------------------------------------------- */

export interface QueueAssignee {
  name: string;
  mine: boolean;
  claimedAt: string;
  stale: boolean;
}

function assigneeOf(
  row: Pick<ServiceRequestRow, 'assignedToSubject' | 'assignedToName' | 'claimedAt'>,
  subject: string,
  now: Date,
): QueueAssignee | null {
  if (row.assignedToSubject === null || row.claimedAt === null) return null;
  return {
    name: row.assignedToName ?? 'staff',
    mine: row.assignedToSubject === subject,
    claimedAt: iso(row.claimedAt),
    stale: isClaimStale(row.claimedAt, now),
  };
}

export interface QueueListing {
  type?: ServiceRequestType | undefined;
  status: string;
  olderThanDays?: number | undefined;
  reference?: string | undefined;
  assignee: 'anyone' | 'me' | 'unassigned';
  sort: 'oldest' | 'newest';
  page: number;
  pageSize: number;
}

/** One page of the queue as the caller (`subject`) sees it. */
export async function serviceQueuePage(
  db: Executor,
  query: QueueListing,
  subject: string,
  now: Date,
): Promise<ServiceQueuePage> {
  const { rows, total } = await queuePage(db, {
    type: query.type,
    status: query.status,
    createdBefore:
      query.olderThanDays !== undefined
        ? new Date(now.getTime() - query.olderThanDays * 86_400_000)
        : undefined,
    reference: query.reference === '' ? undefined : query.reference,
    assignee: query.assignee,
    subject,
    sort: query.sort,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: rows.map(({ request, policyNumber, subscriberName }) => ({
      id: request.id,
      referenceNumber: request.referenceNumber,
      type: request.type as ServiceRequestType,
      status: request.status,
      policyNumber,
      subscriberName,
      createdAt: iso(request.createdAt),
      ageDays: requestAgeDays(request.createdAt, now),
      assignee: assigneeOf(request, subject, now),
      version: request.version,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** Open requests per type, with their ages (the dashboard). */
export async function serviceQueueSummary(db: Executor, now: Date): Promise<ServiceQueueSummary> {
  const types = (await openRequestsByType(db, now)).map((row) => ({
    ...row,
    type: row.type as ServiceRequestType,
  }));
  return { types, totalOpen: types.reduce((sum, row) => sum + row.open, 0) };
}

/** One request as staff see it: the member's view of it, who holds it, whose it is. */
export async function serviceRequestForStaff(db: Executor, id: string, subject: string, now: Date) {
  const row = await serviceRequestById(db, id);
  if (!row) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  return {
    row,
    view: await serviceRequestView(db, row.householdId, row.id),
    subscriberName: await subscriberNameOf(db, row.policyId),
    ageDays: requestAgeDays(row.createdAt, now),
    assignee: assigneeOf(row, subject, now),
  };
}

/** The name colleagues see on a claim. */
export const processorName = async (db: Executor, principal: Principal): Promise<string> =>
  ('accountId' in principal ? await staffNameOf(db, principal.accountId) : null) ?? 'staff';

/** 409 naming who holds the request (a colleague's claim), with the request as it now is. */
function heldBy(row: ServiceRequestRow, subject: string, now: Date): HttpProblem {
  const assignee = assigneeOf(row, subject, now);
  return new HttpProblem(
    409,
    ProblemType.conflict,
    'Claimed by someone else',
    `${assignee?.name ?? 'Someone'} is processing this request${assignee?.stale ? ` (claimed over ${CLAIM_STALE_AFTER_MINUTES} minutes ago: you may take it over)` : ''}.`,
    undefined,
    { current: { status: row.status, version: row.version, assignee } },
  );
}

const finished = (row: ServiceRequestRow) =>
  new HttpProblem(422, ProblemType.unprocessable, 'Not possible', `The request is ${row.status}.`, [
    {
      field: 'params.id',
      code: 'not-allowed-now',
      reason: `The request is ${row.status}.`,
      params: { status: row.status },
    },
  ]);

export interface Claimed {
  request: ServiceRequestRow;
  events: OutboxEventInput[];
  /** The colleague whose stale claim was taken over. */
  tookOverFrom: string | null;
}

/**
 * Claims a request for the caller (one conditional update: open, at the version they saw, nobody else's
 * unless that claim is stale and they asked to take it over). Submitted becomes In review (the member is
 * told; they can no longer cancel it). Refusals: 422 `not-allowed-now` (finished), 409 naming the holder,
 * 409 `conflict` (the request moved since it was read).
 */
export async function claimServiceRequest(
  tx: Transaction,
  id: string,
  input: { principal: Principal; version: number; takeOver: boolean; now: Date },
): Promise<Claimed> {
  const { principal, now } = input;
  const before = await serviceRequestById(tx, id);
  if (!before) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  if (FINAL_SERVICE_REQUEST_STATUSES.includes(before.status)) throw finished(before);
  const decision = claimDecision(
    { holder: before.assignedToSubject, claimedAt: before.claimedAt },
    principal.subject,
    now,
    input.takeOver,
  );
  if (decision === 'held') throw heldBy(before, principal.subject, now);
  const name = await processorName(tx, principal);
  const staleBefore =
    decision === 'take-over' ? new Date(now.getTime() - CLAIM_STALE_AFTER_MINUTES * 60_000) : null;
  const row = await claimIfFree(tx, id, {
    subject: principal.subject,
    name,
    at: now,
    version: input.version,
    staleBefore,
  });
  if (!row) {
    // Someone was quicker (or the page was old): say who holds it now, or what changed.
    const current = await serviceRequestById(tx, id);
    if (!current) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
    if (FINAL_SERVICE_REQUEST_STATUSES.includes(current.status)) throw finished(current);
    if (current.assignedToSubject !== null && current.assignedToSubject !== principal.subject)
      throw heldBy(current, principal.subject, now);
    throw editConflict('request', {
      status: current.status,
      version: current.version,
      assignee: assigneeOf(current, principal.subject, now),
    });
  }
  const events: OutboxEventInput[] = [];
  if (before.status === 'Submitted') {
    await insertEvent(tx, {
      requestId: id,
      status: 'InReview',
      actorKind: actorOf(principal),
      actorSubject: principal.subject,
    });
    const policy = row.policyId ? await policyFacts(tx, row.policyId) : undefined;
    events.push(statusEvent(row, 'InReview', policy?.policyNumber ?? null));
  }
  return { request: row, events, tookOverFrom: decision === 'take-over' ? before.assignedToName : null };
}

/** The caller gives a request back to the queue (it stays In review: staff started on it). */
export async function releaseServiceRequest(
  tx: Transaction,
  id: string,
  input: { principal: Principal; version: number; now: Date },
): Promise<ServiceRequestRow> {
  const row = await lockServiceRequest(tx, id);
  if (!row) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  if (FINAL_SERVICE_REQUEST_STATUSES.includes(row.status)) throw finished(row);
  if (row.assignedToSubject !== input.principal.subject)
    throw notHolding(row, input.principal.subject, input.now);
  if (row.version !== input.version)
    throw editConflict('request', { status: row.status, version: row.version });
  await setAssignee(tx, id, null);
  return { ...row, assignedToSubject: null, assignedToName: null, claimedAt: null, version: row.version + 1 };
}

/** 409: approving, rejecting or releasing needs the caller's own claim. */
function notHolding(row: ServiceRequestRow, subject: string, now: Date): HttpProblem {
  if (row.assignedToSubject !== null) return heldBy(row, subject, now);
  return new HttpProblem(
    409,
    ProblemType.conflict,
    'Not claimed',
    'Claim this request before processing it.',
    undefined,
    {
      current: { status: row.status, version: row.version, assignee: null },
    },
  );
}

export interface Decision {
  principal: Principal;
  version: number;
  outcome: 'Completed' | 'Rejected';
  /** What the member reads: a rejection's reason, or an approval's note. */
  note: string | null;
  now: Date;
  /** The change an approval makes (the owning modules' apply functions), in the same transaction. */
  apply?: (
    tx: Transaction,
    row: ServiceRequestRow,
  ) => Promise<{ events: OutboxEventInput[]; memberIds?: string[] }>;
}

/**
 * Approves or rejects a request the caller holds, under its row lock and at the version they saw: the
 * change (for an approval), the status, the history entry with the member's note, and the notification
 * all in the caller's transaction. Approving twice is refused (409 from the old version, or 422 once
 * finished).
 */
export async function decideServiceRequest(
  tx: Transaction,
  id: string,
  decision: Decision,
): Promise<{ request: ServiceRequestRow; events: OutboxEventInput[] }> {
  const row = await lockServiceRequest(tx, id);
  if (!row) throw new HttpProblem(404, ProblemType.notFound, 'Not found', 'No such service request.');
  if (FINAL_SERVICE_REQUEST_STATUSES.includes(row.status)) throw finished(row);
  if (row.assignedToSubject !== decision.principal.subject)
    throw notHolding(row, decision.principal.subject, decision.now);
  if (row.version !== decision.version)
    throw editConflict('request', { status: row.status, version: row.version });
  const applied =
    decision.outcome === 'Completed' && decision.apply ? await decision.apply(tx, row) : { events: [] };
  if (applied.memberIds && applied.memberIds.length > 0)
    await setMemberIds(tx, id, [...new Set([...row.memberIds, ...applied.memberIds])]);
  const moved = await moveServiceRequest(tx, id, {
    to: decision.outcome,
    actor: decision.principal,
    version: row.version,
    note: decision.note,
  });
  return { request: moved.request, events: [...applied.events, ...moved.events] };
}

// --- reads for reinstatement (issue 38) ---
// A policy's open requests of a type, and the request a payment was made for (a reinstatement is paid for).
export { openRequestsOfPolicy, requestPaidBy } from './repository';
