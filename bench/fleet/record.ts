// What a fleet harness run writes into bench/RESULTS.md for its cases (docs/decisions/049): one table row
// per case (counts), then a line per case for the times it measured that the counts do not show — case e's
// time from a payment on one instance to the notification heard (a stream) or shown (a browser) on the
// other, and case f's time from two instances starting together to each being fully ready.

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface CaseResult {
  case: string;
  title: string;
  seconds: number;
  answers: Record<string, Record<string, number>>;
  ok: number;
  failed: Record<string, number>;
  acknowledgedPayments: number;
  chargesAtProcessor: number;
  doubleCharges: number;
  lostAcknowledged: number;
  chargedNotRecorded: number;
  paymentsGivenUp: number;
  facts: Record<string, unknown>;
  checks: Check[];
  passed: boolean;
}

const milliseconds = (value: unknown): string =>
  typeof value === 'number' ? `${Math.round(value).toLocaleString('en-US')} ms` : 'not ready/heard';

/** The cases' table: counts, and the verdict (with the failed checks' names). */
export function caseTable(cases: CaseResult[]): string[] {
  return [
    '| case | s | requests ok | failed (by status) | acknowledged payments | charges at the processor | double charges | acknowledged lost | verdict |',
    '|---|---:|---:|---|---:|---:|---:|---:|---|',
    ...cases.map(
      (result) =>
        `| ${result.case}: ${result.title} | ${String(result.seconds)} | ${String(result.ok)} | ${
          Object.keys(result.failed).length === 0
            ? '0'
            : Object.entries(result.failed)
                .map(([status, count]) => `${String(count)} × ${status}`)
                .join(', ')
        } | ${String(result.acknowledgedPayments)} | ${String(result.chargesAtProcessor)} | ${String(result.doubleCharges)} | ${String(result.lostAcknowledged)} | ${
          result.passed
            ? 'pass'
            : `FAIL: ${result.checks
                .filter((check) => !check.ok)
                .map((check) => check.name)
                .join('; ')}`
        } |`,
    ),
  ];
}

/** The times case e and case f measured, one line each (none when the case did not run). */
export function caseTimes(cases: CaseResult[]): string[] {
  const lines: string[] = [];
  const e = cases.find((result) => result.case === 'e');
  const latency = e?.facts.latencyMs as Record<string, unknown> | undefined;
  if (latency && Object.keys(latency).length > 0)
    lines.push(
      `Case e, from the payment sent to the notification: ${Object.entries(latency)
        .map(([path, ms]) => `${path} ${milliseconds(ms)}`)
        .join('; ')}.`,
    );
  const f = cases.find((result) => result.case === 'f');
  const ready = f?.facts.readyAfterMs as Record<string, unknown[]> | undefined;
  if (ready && Object.keys(ready).length > 0)
    lines.push(
      `Case f, from two instances started together to each ready (database up, migrations current, job queue up): ${Object.entries(
        ready,
      )
        .map(([database, times]) => `${database} database ${times.map(milliseconds).join(' and ')}`)
        .join('; ')}.`,
    );
  return lines;
}
