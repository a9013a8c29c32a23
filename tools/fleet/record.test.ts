import { describe, expect, it } from 'vitest';
import { caseTable, caseTimes, type CaseResult } from '../../bench/fleet/record';

/** A case as the fleet harness (bench/fleet/main.ts) summarises it. */
const result = (name: string, facts: Record<string, unknown>, passed = true): CaseResult => ({
  case: name,
  title: `case ${name}`,
  seconds: 12.5,
  answers: {},
  ok: 0,
  failed: {},
  acknowledgedPayments: 0,
  chargesAtProcessor: 0,
  doubleCharges: 0,
  lostAcknowledged: 0,
  chargedNotRecorded: 0,
  paymentsGivenUp: 0,
  facts,
  checks: [{ name: 'both ready', ok: passed }],
  passed,
});

/** Issue 40, decision 049: what `npm run fleet` records in bench/RESULTS.md. */
describe('the fleet record', () => {
  it("prints case f's time to ready for each instance and database, which its counts (all 0: no load) do not show", () => {
    const lines = caseTimes([
      result('f', { readyAfterMs: { fresh: [5210, 5342], seeded: [3120, 'f-2 was not ready in 90000 ms'] } }),
    ]);
    expect(lines).toEqual([
      'Case f, from two instances started together to each ready (database up, migrations current, job queue up): fresh database 5,210 ms and 5,342 ms; seeded database 3,120 ms and not ready/heard.',
    ]);
  });

  it("prints case e's times from the payment to the stream and the browser, a miss as such", () => {
    const lines = caseTimes([
      result('e', {
        latencyMs: {
          'paid on a, heard on b': 140,
          'paid on b, heard on a': 95,
          'paid on a, shown in a browser on b': null,
        },
      }),
    ]);
    expect(lines).toEqual([
      'Case e, from the payment sent to the notification: paid on a, heard on b 140 ms; paid on b, heard on a 95 ms; paid on a, shown in a browser on b not ready/heard.',
    ]);
  });

  it('prints nothing for cases that measured no times, and a row with the verdict for each case', () => {
    const cases = [result('a', {}), result('f', {}, false)];
    expect(caseTimes(cases)).toEqual([]);
    const table = caseTable(cases);
    expect(table).toHaveLength(4);
    expect(table[2]).toMatch(/^\| a: case a \| 12\.5 \| 0 \| 0 \| .*\| pass \|$/);
    expect(table[3]).toMatch(/\| FAIL: both ready \|$/);
  });
});
