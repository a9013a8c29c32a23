import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accounts } from '../db/schema';
import { hashPassword } from '../lib/password';

/**
 * The sign-in accounts (`accounts`, owned by auth/: decision 057), as the modules need them: the session's
 * names and linking a member's account to their member record (issue 12, decision 028).
 */

/** The account's user name and the names it was registered with (the session read shows them). */
export async function accountNames(db: Executor, accountId: string) {
  const [row] = await db
    .select({ username: accounts.username, givenName: accounts.givenName, familyName: accounts.familyName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

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

// --- writes for the enrollment module (the X12 834 import in demo mode, issue 34) ---

/** A consumer account for a member, unless the user name is taken (nothing then): an imported subscriber in demo mode. */
export async function insertConsumerAccount(
  tx: Executor,
  values: Pick<
    typeof accounts.$inferInsert,
    'username' | 'email' | 'givenName' | 'familyName' | 'passwordHash' | 'roles' | 'memberId'
  >,
): Promise<void> {
  await tx
    .insert(accounts)
    .values({ realm: 'consumer', ...values })
    .onConflictDoNothing();
}

// --- writes for demo ---

/**
 * A new account that signs in at the built-in provider with `password` (stored hashed): demo mode's fresh
 * members and staff users.
 */
export async function insertPasswordAccount(
  tx: Executor,
  values: Pick<
    typeof accounts.$inferInsert,
    'realm' | 'username' | 'email' | 'givenName' | 'familyName' | 'roles' | 'memberId'
  > & { password: string },
): Promise<void> {
  const { password, ...account } = values;
  await tx.insert(accounts).values({ ...account, passwordHash: hashPassword(password) });
}

// --- reads for audit ---

/** The ids of the accounts whose user name is `username` (case-insensitive, surrounding spaces ignored). */
export async function accountIdsNamed(db: Executor, username: string): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.username}) = ${username.trim().toLowerCase()}`);
  return rows.map((row) => row.id);
}

/**
 * A subquery of the subjects (ids as text, as audit rows name their actor) of every account, or of a realm's:
 * for `inArray(subjectColumn, accountSubjects(db, 'workforce'))` in a caller's statement.
 */
export function accountSubjects(db: Executor, realm?: AccountRow['realm']) {
  return db
    .select({ subject: sql<string>`${accounts.id}::text` })
    .from(accounts)
    .where(realm === undefined ? undefined : eq(accounts.realm, realm));
}

export type AccountRow = typeof accounts.$inferSelect;

/** A lower-case UUID: the only subjects an account id written as text can be. */
const ACCOUNT_SUBJECT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The accounts these subjects (audit rows' actors) are, by subject; subjects that are no account are left out. */
export async function accountsOfSubjects(
  db: Executor,
  subjects: readonly (string | null)[],
): Promise<
  Map<
    string,
    Pick<AccountRow, 'id' | 'username' | 'givenName' | 'familyName' | 'roles' | 'realm' | 'brokerId'>
  >
> {
  const ids = [...new Set(subjects.filter((s): s is string => s !== null && ACCOUNT_SUBJECT.test(s)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      givenName: accounts.givenName,
      familyName: accounts.familyName,
      roles: accounts.roles,
      realm: accounts.realm,
      brokerId: accounts.brokerId,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
