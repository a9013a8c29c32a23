import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, policies } from '../../db/schema';

/** Whether a consumer account other than `accountId` already belongs to the member. */
export async function memberHasOtherAccount(
  db: Executor,
  memberId: string,
  accountId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.memberId, memberId), eq(accounts.realm, 'consumer'), ne(accounts.id, accountId)))
    .limit(1);
  return row !== undefined;
}

/** Links the account to the member, only while it is linked to nobody (a second, concurrent link finds it taken). */
export async function linkAccountToMember(
  tx: Executor,
  accountId: string,
  memberId: string,
): Promise<boolean> {
  const updated = await tx
    .update(accounts)
    .set({ memberId })
    .where(and(eq(accounts.id, accountId), eq(accounts.realm, 'consumer'), isNull(accounts.memberId)))
    .returning({ id: accounts.id });
  return updated.length === 1;
}

/** How many policies the member holds as subscriber. */
export async function subscriberPolicyCount(db: Executor, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(policies)
    .where(eq(policies.subscriberMemberId, memberId));
  return row?.count ?? 0;
}
