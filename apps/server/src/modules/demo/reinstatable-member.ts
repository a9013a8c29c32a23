import { sql } from 'drizzle-orm';
import type { CalendarDate } from '@portal/domain';
import type { Database } from '../../db/client';
import { insertPasswordAccount } from '../../auth/accounts';
import { addPlansUnlessHeld } from '../benefits/service';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { FIRST_REINSTATABLE_HOUSEHOLD, reinstatableHousehold } from '../../seed/reinstatable-household';
import { DEFAULT_SEED } from '../../seed/seed';
import { insertSeedRows } from '../../seed/write';

// Any fixed 64-bit number: two journeys asking at once get two households, numbered one after the other.
const NUMBER_LOCK_ID = 7_341_120_911;

/**
 * Demo mode only (`POST /api/v1/demo/member` with `reinstatable`, issue 11): writes a new household whose
 * medical policy was terminated for non-payment and may still be reinstated (seed/reinstatable-household.ts)
 * and gives its subscriber an account with the demo password. No generated household has this shape
 * reliably (few are terminated, fewer still within their reinstatement window), so it is made to order.
 */
export async function createReinstatableMember(
  db: Database,
  options: { today: CalendarDate; language: 'en' | 'es' | 'pt'; status: 'Eligible' | 'Manual' },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_ID})`);
    const result = await tx.execute<{ last: number | null }>(
      sql`select max(substring(policy_number from 5 for 8)::int) as last from policies where policy_number ~ '^LHP-[0-9]{8}-'`,
    );
    const last = (result as { rows: { last: number | null }[] }).rows[0]?.last ?? null;
    const number = Math.max(FIRST_REINSTATABLE_HOUSEHOLD, (last ?? 0) + 1);
    const household = reinstatableHousehold({
      number,
      today: options.today,
      seed: DEFAULT_SEED,
      language: options.language,
      status: options.status,
    });
    // The plans it refers to exist when the demo was seeded this year; a demo seeded last year lacks this year's.
    await addPlansUnlessHeld(tx, household.plans);
    await insertSeedRows(tx, household.rows);
    const username = `demo.reinstate.${number}`;
    await insertPasswordAccount(tx, {
      realm: 'consumer',
      username,
      email: household.subscriber.email,
      givenName: household.subscriber.firstName,
      familyName: household.subscriber.lastName,
      password: DEMO_PASSWORD,
      roles: ['member'],
      memberId: household.subscriber.id,
    });
    return {
      username,
      householdId: household.householdId,
      language: options.language,
      policyNumber: household.policyNumber,
      exchangeSubscriberId: household.exchangeSubscriberId,
      dateOfBirth: household.subscriber.dob,
      zipCode: household.zipCode,
    };
  });
}
