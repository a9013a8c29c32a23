import { and, eq, sql } from 'drizzle-orm';
import type { CalendarDate, PaymentDueDayRule } from '@portal/domain';
import type { Database, Transaction } from '../../db/client';
import { enrollmentImports, enrollmentTransactions } from '../../db/schema';
import { applyEnrollment, heldFor, type ApplyContext } from './apply';
import { effectiveDateOf, read834, TransactionRejected, type Enrollment834 } from './map834';
import { membersNamedIn } from './set-members';
import { ack999, parseInterchange, RefusedFile, ta1, type TransactionAck, type X12File } from './x12';

/**
 * Importing one X12 834 interchange (issue 34, docs/decisions/051). The file is read whole first: a
 * malformed one is refused as a whole (segment number and reason, a TA1 for an envelope error) and nothing
 * is applied. Then, in one transaction, the interchange is recorded under its ISA06 + ISA13 — a second
 * import of it changes nothing and answers the first one's summary — and each transaction set is applied in
 * a savepoint of its own: one that cannot apply is rejected alone (its savepoint rolled back) and the rest
 * applies. A change or termination for an enrolment not yet added is held and applied, in effective-date
 * order, when the addition arrives. The answer carries the 999 for the sender.
 */

export interface ImportRequest {
  text: string;
  fileName: string;
  source: 'cli' | 'api' | 'inbox';
}

export interface ImportSettings {
  today: CalendarDate;
  dueRule: PaymentDueDayRule;
  actor: { subject: string; role: string };
  demoPassword: string | null;
}

export interface ImportSummary {
  interchange: { sender: string; controlNumber: string } | null;
  status: 'processed' | 'refused';
  /** True when this interchange had been imported before: nothing changed now. */
  duplicate: boolean;
  transactions: number;
  applied: number;
  rejected: number;
  held: number;
  /** Held sets of earlier files applied now that their addition arrived. */
  released: number;
  members: { created: number; updated: number; terminated: number };
  rejections: { controlNumber: string; segment: number; reason: string }[];
  audits: { controlNumber: string; differences: string[] }[];
  refused?: { segment: number | null; reason: string };
}

export interface ImportOutcome {
  summary: ImportSummary;
  ack999: string | null;
  ta1: string | null;
}

const emptySummary = (file: X12File | null): ImportSummary => ({
  interchange: file ? { sender: file.envelope.senderId, controlNumber: file.envelope.controlNumber } : null,
  status: 'processed',
  duplicate: false,
  transactions: 0,
  applied: 0,
  rejected: 0,
  held: 0,
  released: 0,
  members: { created: 0, updated: 0, terminated: 0 },
  rejections: [],
  audits: [],
});

/** Our acknowledgments' control numbers: the import's place among all imports, nine digits. */
async function nextAckNumber(db: Database | Transaction): Promise<string> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int + 1 as n from ${enrollmentImports}`,
  );
  const n = (result as { rows: { n: number }[] }).rows[0]?.n ?? 1;
  return String(n % 1_000_000_000).padStart(9, '0');
}

export async function importEnrollment(
  db: Database,
  settings: ImportSettings,
  request: ImportRequest,
): Promise<ImportOutcome> {
  let file: X12File;
  try {
    file = parseInterchange(request.text);
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    const summary: ImportSummary = {
      ...emptySummary(null),
      status: 'refused',
      refused: { segment: error.segment, reason: error.reason },
    };
    if (error.envelope)
      summary.interchange = { sender: error.envelope.senderId, controlNumber: error.envelope.controlNumber };
    const control = await nextAckNumber(db);
    const answer = error.envelope ? ta1(error.envelope, error.ta1Code ?? '024', control) : null;
    await db.insert(enrollmentImports).values({
      senderId: error.envelope?.senderId ?? null,
      controlNumber: error.envelope?.controlNumber ?? null,
      fileName: request.fileName,
      source: request.source,
      status: 'refused',
      summary: summary as unknown as Record<string, unknown>,
      ta1: answer,
    });
    return { summary, ack999: null, ta1: answer };
  }

  const { envelope } = file;
  return db.transaction(async (tx) => {
    // One import of an interchange at a time: a second one waits here, then finds the first.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`834:${envelope.senderId}:${envelope.controlNumber}`}, 0))`,
    );
    const [earlier] = await tx
      .select()
      .from(enrollmentImports)
      .where(
        and(
          eq(enrollmentImports.senderId, envelope.senderId),
          eq(enrollmentImports.controlNumber, envelope.controlNumber),
          eq(enrollmentImports.status, 'processed'),
        ),
      );
    if (earlier) {
      const summary = { ...(earlier.summary as unknown as ImportSummary), duplicate: true };
      // Decision 056: the re-sending is recorded (when, how, under which file name) so the admin page of
      // imports shows it; it changes nothing else.
      await tx.insert(enrollmentImports).values({
        senderId: envelope.senderId,
        controlNumber: envelope.controlNumber,
        fileName: request.fileName,
        source: request.source,
        status: 'duplicate',
        summary,
        ack999: earlier.ack999,
      });
      return { summary, ack999: earlier.ack999, ta1: null };
    }
    const control = await nextAckNumber(tx);
    const [record] = await tx
      .insert(enrollmentImports)
      .values({
        senderId: envelope.senderId,
        controlNumber: envelope.controlNumber,
        fileName: request.fileName,
        source: request.source,
        status: 'processed',
        summary: {},
      })
      .returning({ id: enrollmentImports.id });
    if (!record) throw new Error('import not recorded');

    const summary = emptySummary(file);
    // Subscribers with held sets, read once: a set looks for held ones only when its subscriber may have some.
    const held = await tx
      .selectDistinct({ subscriberId: enrollmentTransactions.subscriberId })
      .from(enrollmentTransactions)
      .where(eq(enrollmentTransactions.status, 'held'));
    const cache = {
      plans: new Map(),
      heldSubscribers: new Set(held.flatMap((row) => (row.subscriberId ? [row.subscriberId] : []))),
    };
    const context: ApplyContext = {
      ...settings,
      fileName: request.fileName,
      interchange: envelope.controlNumber,
      cache,
    };
    const answers: string[] = [];
    for (const group of file.groups) {
      const acks: TransactionAck[] = [];
      for (const set of group.transactions) {
        summary.transactions += 1;
        let enrollment: Enrollment834 | null = null;
        try {
          enrollment = read834(set);
          const read = enrollment;
          const applied = await tx.transaction(async (savepoint) => {
            const outcome = await applyEnrollment(savepoint, context, read);
            const row = {
              importId: record.id,
              controlNumber: set.controlNumber,
              subscriberId: read.subscriber.subscriberId,
              maintenance: read.subscriber.maintenance,
              effectiveDate: effectiveDateOf(read),
              policyId: outcome.policyId,
              requestSubmitted: read.subscriber.reporting.requestSubmitted?.value ?? null,
              members: membersNamedIn(set),
            };
            if (outcome.outcome === 'held') {
              await savepoint
                .insert(enrollmentTransactions)
                .values({ ...row, status: 'held', payload: read as unknown as Record<string, unknown> });
              if (row.subscriberId) cache.heldSubscribers.add(row.subscriberId);
              return { outcome, released: 0, releasedCounts: { created: 0, updated: 0, terminated: 0 } };
            }
            await savepoint.insert(enrollmentTransactions).values({
              ...row,
              status: 'applied',
              reason: outcome.differences?.length ? `audit: ${outcome.differences.join(', ')}` : null,
            });
            // The addition came: what was held for this subscriber applies now, oldest effective date first.
            const releasedCounts = { created: 0, updated: 0, terminated: 0 };
            let released = 0;
            const subscriberId = read.subscriber.subscriberId ?? '';
            for (const held of cache.heldSubscribers.has(subscriberId)
              ? await heldFor(savepoint, subscriberId)
              : []) {
              const later = await applyEnrollment(
                savepoint,
                context,
                held.payload as unknown as Enrollment834,
              );
              if (later.outcome !== 'applied') continue;
              await savepoint
                .update(enrollmentTransactions)
                .set({ status: 'released', policyId: later.policyId })
                .where(eq(enrollmentTransactions.id, held.id));
              released += 1;
              releasedCounts.created += later.created;
              releasedCounts.updated += later.updated;
              releasedCounts.terminated += later.terminated;
            }
            return { outcome, released, releasedCounts };
          });
          const { outcome } = applied;
          if (outcome.outcome === 'held') summary.held += 1;
          else summary.applied += 1;
          summary.released += applied.released;
          summary.members.created += outcome.created + applied.releasedCounts.created;
          summary.members.updated += outcome.updated + applied.releasedCounts.updated;
          summary.members.terminated += outcome.terminated + applied.releasedCounts.terminated;
          if (outcome.differences)
            summary.audits.push({ controlNumber: set.controlNumber, differences: outcome.differences });
          acks.push({ controlNumber: set.controlNumber, accepted: true });
        } catch (error) {
          const problem =
            error instanceof TransactionRejected
              ? error.problem
              : {
                  segment: set.start,
                  reason: 'the records could not take this enrolment (a stored rule refused it)',
                };
          if (!(error instanceof TransactionRejected)) {
            // Never the error's text: it may quote the data. The code says which rule.
            const code =
              (error as { cause?: { code?: string }; code?: string }).cause?.code ??
              (error as { code?: string }).code;
            if (code) problem.reason += ` [${code}]`;
          }
          summary.rejected += 1;
          summary.rejections.push({
            controlNumber: set.controlNumber,
            segment: problem.segment.position,
            reason: problem.reason,
          });
          await tx.insert(enrollmentTransactions).values({
            importId: record.id,
            controlNumber: set.controlNumber,
            status: 'rejected',
            subscriberId: enrollment?.subscriber.subscriberId ?? null,
            maintenance: enrollment?.subscriber.maintenance ?? null,
            requestSubmitted: enrollment?.subscriber.reporting.requestSubmitted?.value ?? null,
            reason: problem.reason,
            segment: problem.segment.position,
            members: membersNamedIn(set),
          });
          const positionInSet = problem.segment.position - set.start.position + 1;
          acks.push({
            controlNumber: set.controlNumber,
            accepted: false,
            error: {
              tag: problem.segment.tag,
              positionInSet,
              code: '8',
              ...('element' in problem && problem.element ? { element: problem.element } : {}),
            },
          });
        }
      }
      answers.push(ack999(envelope, group, acks, control));
    }
    const ack = answers.join('');
    await tx
      .update(enrollmentImports)
      .set({ summary: summary as unknown as Record<string, unknown>, ack999: ack })
      .where(eq(enrollmentImports.id, record.id));
    return { summary, ack999: ack, ta1: null };
  });
}
