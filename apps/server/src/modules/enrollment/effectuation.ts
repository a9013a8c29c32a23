import fs from 'node:fs';
import path from 'node:path';
import { and, asc, inArray, isNull, lte } from 'drizzle-orm';
import type { CalendarDate } from '@portal/domain';
import type { Database, Transaction } from '../../db/client';
import { enrollmentEffectuations } from '../../db/schema';
import type { DailyStep } from '../../jobs/runner';
import type { OutboxChannel } from '../../outbox/dispatcher';
import { enqueueEvents, type OutboxEvent } from '../../outbox/events';
import { membersCoveredBy } from '../member/service';
import { paidThroughOf } from '../payment/service';
import {
  effectuatedCoverage,
  isOffExchange,
  liveSpanStartingOn,
  policyIdsOfHousehold,
} from '../policy/service';

/**
 * Effectuation (issue 34, decision 051). A binder paid in full effectuates the coverage (the payment
 * module sets the span's effectuated date and writes `payment.binder-paid` in the payment's transaction);
 * this outbox channel records an on-exchange span's effectuation once, in the dispatch transaction. The
 * daily step writes the records not yet reported as one effectuation 834 — per enrolment a 021 addition
 * with DTP*543, the paid-through date, as issuers send to the exchange — to ENROLLMENT_OUTBOX_DIR, marks
 * them reported and publishes `coverage.effectuation-reported` for each, in one transaction.
 */

export function effectuationChannel(): OutboxChannel {
  const one = async (tx: Transaction, event: OutboxEvent) => {
    if (event.type !== 'payment.binder-paid' || !event.policyId) return;
    const effectiveDate =
      typeof event.payload.effectiveDate === 'string' ? event.payload.effectiveDate : null;
    const paymentId = typeof event.payload.paymentId === 'string' ? event.payload.paymentId : null;
    const offExchange = await isOffExchange(tx, event.policyId);
    if (offExchange !== false || !effectiveDate) return;
    const span = await liveSpanStartingOn(tx, event.policyId, effectiveDate);
    if (!span?.effectuatedDate) return;
    const paidThrough = paymentId ? await paidThroughOf(tx, paymentId) : undefined;
    await tx
      .insert(enrollmentEffectuations)
      .values({
        policyId: event.policyId,
        spanId: span.id,
        paymentId,
        effectuatedOn: span.effectuatedDate,
        coverageStart: effectiveDate,
        paidThroughDate: paidThrough ?? null,
      })
      .onConflictDoNothing();
  };
  return {
    one,
    many: async (tx, events) => {
      for (const event of events) await one(tx, event);
    },
  };
}

const x12 = (date: string) => date.replace(/-/g, '');

interface Reported {
  id: number;
  policyId: string;
  householdId: string | null;
  policyNumber: string;
  exchangeSubscriberId: string | null;
  line: 'Medical' | 'Dental' | 'Vision';
  planId: string;
  coverageStart: string;
  paidThroughDate: string | null;
}

const LINE_CODES = { Medical: 'HLT', Dental: 'DEN', Vision: 'VIS' } as const;
const RELATIONSHIP_CODES: Record<string, string> = {
  self: '18',
  spouse: '01',
  child: '19',
  domesticPartner: '53',
  stepchild: '17',
  ward: '15',
  other: 'G8',
};

/** The effectuation 834 for these enrolments: one transaction set each, ISA/GS from the settings. */
export async function effectuationFile(
  tx: Transaction,
  rows: readonly Reported[],
  ids: { senderId: string; receiverId: string; controlNumber: string },
  now = new Date(),
): Promise<string> {
  const iso = now.toISOString();
  const yymmdd = iso.slice(2, 10).replace(/-/g, '');
  const ccyymmdd = iso.slice(0, 10).replace(/-/g, '');
  const hhmm = iso.slice(11, 16).replace(':', '');
  const seg = (...elements: string[]) => `${elements.join('*').replace(/\*+$/, '')}~`;
  const pad = (value: string, width: number) => value.slice(0, width).padEnd(width, ' ');
  const group = String(Number(ids.controlNumber));
  const lines = [
    [
      'ISA',
      '00',
      pad('', 10),
      '00',
      pad('', 10),
      'ZZ',
      pad(ids.senderId, 15),
      'ZZ',
      pad(ids.receiverId, 15),
      yymmdd,
      hhmm,
      '^',
      '00501',
      ids.controlNumber,
      '0',
      'P',
      ':',
    ].join('*') + '~',
    seg('GS', 'BE', ids.senderId, ids.receiverId, ccyymmdd, hhmm, group, 'X', '005010X220A1'),
  ];
  let index = 0;
  for (const row of rows) {
    index += 1;
    const st = String(index).padStart(4, '0');
    const people = await membersCoveredBy(tx, row.policyId, row.coverageStart);
    const seen = new Set<string>();
    const body = [
      seg('ST', '834', st, '005010X220A1'),
      seg('BGN', '00', `EFF${ids.controlNumber}${st}`, ccyymmdd, hhmm, '', '', '', '2'),
    ];
    const ordered = [...people].sort((a, b) =>
      a.relationship === 'self' ? -1 : b.relationship === 'self' ? 1 : 0,
    );
    for (const person of ordered) {
      const key = `${person.memberId ?? ''}:${person.relationship}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const subscriber = person.relationship === 'self';
      body.push(
        seg('INS', subscriber ? 'Y' : 'N', RELATIONSHIP_CODES[person.relationship] ?? 'G8', '021', '28', 'A'),
        seg('REF', '0F', row.exchangeSubscriberId ?? ''),
        seg('REF', '17', person.memberId ?? ''),
        seg('REF', '1L', row.policyNumber),
        ...(row.paidThroughDate ? [seg('DTP', '543', 'D8', x12(row.paidThroughDate))] : []),
        seg('NM1', 'IL', '1', person.last, person.first),
        seg('HD', '021', '', LINE_CODES[row.line]),
        seg('DTP', '348', 'D8', x12(row.coverageStart)),
        seg('REF', 'CE', row.planId),
      );
    }
    body.push(seg('SE', String(body.length + 1), st));
    lines.push(...body);
  }
  lines.push(seg('GE', String(rows.length), group), seg('IEA', '1', ids.controlNumber));
  return lines.join('\n') + '\n';
}

/** Writes the effectuations not yet reported (effectuated on or before `day`) as one file; null when none. */
export async function writeEffectuationFile(
  db: Database,
  options: {
    day: CalendarDate;
    outboxDir: string;
    senderId: string;
    receiverId: string;
    householdId?: string;
  },
): Promise<{ file: string; enrolments: number } | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: enrollmentEffectuations.id })
      .from(enrollmentEffectuations)
      .where(
        and(
          isNull(enrollmentEffectuations.reportedAt),
          lte(enrollmentEffectuations.effectuatedOn, options.day),
          // The demo's day for one household (POST /api/v1/demo/day) reports that household's alone.
          options.householdId
            ? inArray(enrollmentEffectuations.policyId, policyIdsOfHousehold(tx, options.householdId))
            : undefined,
        ),
      )
      .orderBy(asc(enrollmentEffectuations.id))
      .limit(1000)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return null;
    const records = await tx
      .select({
        id: enrollmentEffectuations.id,
        policyId: enrollmentEffectuations.policyId,
        spanId: enrollmentEffectuations.spanId,
        coverageStart: enrollmentEffectuations.coverageStart,
        paidThroughDate: enrollmentEffectuations.paidThroughDate,
      })
      .from(enrollmentEffectuations)
      .where(
        inArray(
          enrollmentEffectuations.id,
          claimed.map((row) => row.id),
        ),
      )
      .orderBy(asc(enrollmentEffectuations.id));
    // The policy and span facts the file names, from the policy module, in one read for the batch (a job).
    const coverage = await effectuatedCoverage(
      tx,
      records.map((record) => record.spanId),
    );
    const rows: Reported[] = records.flatMap(({ spanId, ...record }) => {
      const facts = coverage.get(spanId);
      return facts
        ? [
            {
              ...record,
              householdId: facts.householdId,
              policyNumber: facts.policyNumber,
              exchangeSubscriberId: facts.exchangeSubscriberId,
              line: facts.line,
              planId: facts.planId,
            },
          ]
        : [];
    });
    const controlNumber = String((rows.at(-1)?.id ?? 0) % 1_000_000_000).padStart(9, '0');
    const name = `834-effectuation-${options.day}-${controlNumber}.edi`;
    const text = await effectuationFile(tx, rows, {
      senderId: options.senderId,
      receiverId: options.receiverId,
      controlNumber,
    });
    fs.mkdirSync(options.outboxDir, { recursive: true });
    // Written whole under a temporary name, then renamed: a reader of the folder never sees half a file. A
    // crash before the commit leaves the file and the records unreported: the next run reports them again
    // (at least once; the exchange deduplicates by policy and date, like every resent 834).
    const target = path.join(options.outboxDir, name);
    fs.writeFileSync(`${target}.part`, text);
    fs.renameSync(`${target}.part`, target);
    await tx
      .update(enrollmentEffectuations)
      .set({ reportedFile: name, reportedAt: new Date() })
      .where(
        inArray(
          enrollmentEffectuations.id,
          rows.map((row) => row.id),
        ),
      );
    await enqueueEvents(
      tx,
      rows.map((row) => ({
        type: 'coverage.effectuation-reported',
        householdId: row.householdId,
        policyId: row.policyId,
        payload: {
          policyNumber: row.policyNumber,
          coverageStart: row.coverageStart,
          paidThroughDate: row.paidThroughDate,
          file: name,
        },
      })),
    );
    return { file: target, enrolments: rows.length };
  });
}

/** The billing day's last step: the day's effectuation 834. */
export function effectuationStep(options: {
  db: Database;
  outboxDir: string;
  senderId: string;
  receiverId: string;
  nudgeOutbox: () => void;
}): DailyStep {
  return {
    name: 'effectuation-834',
    run: async (day, scope) => {
      let files = 0;
      let enrolments = 0;
      for (;;) {
        const written = await writeEffectuationFile(options.db, {
          day,
          outboxDir: options.outboxDir,
          senderId: options.senderId,
          receiverId: options.receiverId,
          ...(scope.householdId ? { householdId: scope.householdId } : {}),
        });
        if (!written) break;
        files += 1;
        enrolments += written.enrolments;
      }
      if (files > 0) options.nudgeOutbox();
      return { files, enrolments };
    },
  };
}
