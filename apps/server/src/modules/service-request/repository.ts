import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { policies, serviceRequestAttachments, serviceRequestEvents, serviceRequests } from '../../db/schema';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type ServiceRequestEventRow = typeof serviceRequestEvents.$inferSelect;
export type AttachmentMeta = Pick<typeof serviceRequestAttachments.$inferSelect, 'id' | 'requestId' | 'fileName' | 'contentType' | 'sizeBytes'>;

export async function insertServiceRequest(tx: Executor, values: typeof serviceRequests.$inferInsert): Promise<ServiceRequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  if (!row) throw new Error('service request not written');
  return row;
}

export async function insertEvent(tx: Executor, values: typeof serviceRequestEvents.$inferInsert): Promise<void> {
  await tx.insert(serviceRequestEvents).values(values);
}

/** The request, locked for this transaction (a status change takes turns with any other). */
export async function lockServiceRequest(tx: Executor, id: string): Promise<ServiceRequestRow | undefined> {
  const [row] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, id)).for('update');
  return row;
}

/** A new status: the version goes up, so a change made from an older read is refused. */
export async function setStatus(tx: Executor, id: string, values: Pick<ServiceRequestRow, 'status'> & Partial<Pick<ServiceRequestRow, 'resolution'>>): Promise<void> {
  await tx
    .update(serviceRequests)
    .set({ ...values, version: sql`${serviceRequests.version} + 1`, updatedAt: new Date() })
    .where(eq(serviceRequests.id, id));
}

export async function insertAttachment(tx: Executor, values: typeof serviceRequestAttachments.$inferInsert): Promise<string> {
  const [row] = await tx.insert(serviceRequestAttachments).values(values).returning({ id: serviceRequestAttachments.id });
  if (!row) throw new Error('attachment not written');
  return row.id;
}

export async function attachmentContent(db: Executor, requestId: string, attachmentId: string) {
  const [row] = await db
    .select()
    .from(serviceRequestAttachments)
    .where(and(eq(serviceRequestAttachments.id, attachmentId), eq(serviceRequestAttachments.requestId, requestId)));
  return row;
}

/** Requests with what the member's list shows beside each: its policy number, history and attachments. */
export async function serviceRequestsWithDetails(db: Executor, where: { householdId: string; policyId?: string | undefined; ids?: string[] }) {
  const conditions = [eq(serviceRequests.householdId, where.householdId)];
  if (where.policyId !== undefined) conditions.push(eq(serviceRequests.policyId, where.policyId));
  if (where.ids !== undefined) conditions.push(inArray(serviceRequests.id, where.ids));
  const rows = await db
    .select({ request: serviceRequests, policyNumber: policies.policyNumber })
    .from(serviceRequests)
    .leftJoin(policies, eq(policies.id, serviceRequests.policyId))
    .where(and(...conditions))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id));
  const ids = rows.map((row) => row.request.id);
  if (ids.length === 0) return [];
  const [events, attachments] = await Promise.all([
    db.select().from(serviceRequestEvents).where(inArray(serviceRequestEvents.requestId, ids)).orderBy(asc(serviceRequestEvents.id)),
    db
      .select({
        id: serviceRequestAttachments.id,
        requestId: serviceRequestAttachments.requestId,
        fileName: serviceRequestAttachments.fileName,
        contentType: serviceRequestAttachments.contentType,
        sizeBytes: serviceRequestAttachments.sizeBytes,
      })
      .from(serviceRequestAttachments)
      .where(inArray(serviceRequestAttachments.requestId, ids))
      .orderBy(asc(serviceRequestAttachments.createdAt)),
  ]);
  return rows.map((row) => ({
    ...row,
    events: events.filter((event) => event.requestId === row.request.id),
    attachments: attachments.filter((attachment) => attachment.requestId === row.request.id),
  }));
}

export type ServiceRequestWithDetails = Awaited<ReturnType<typeof serviceRequestsWithDetails>>[number];

/** A policy's number and household (the request's notifications name the policy). */
export async function policyFacts(db: Executor, policyId: string) {
  const [row] = await db.select({ id: policies.id, householdId: policies.householdId, policyNumber: policies.policyNumber }).from(policies).where(eq(policies.id, policyId));
  return row;
}
