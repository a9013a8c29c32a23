import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { readTogether, type Database, type Executor } from '../../db/client';
import { walletBankAccounts, walletCards, wallets } from '../../db/schema';
import { newPublicId } from '../../lib/public-id';

export type WalletRow = typeof wallets.$inferSelect;
export type WalletCardRow = typeof walletCards.$inferSelect;
export type WalletBankAccountRow = typeof walletBankAccounts.$inferSelect;

export async function loadWallet(db: Executor, walletId: string) {
  const [wallet, cards, bankAccounts] = await readTogether(db, [
    () => db.select().from(wallets).where(eq(wallets.id, walletId)),
    () =>
      db
        .select()
        .from(walletCards)
        .where(and(eq(walletCards.walletId, walletId), eq(walletCards.state, 'Active')))
        .orderBy(walletCards.createdAt, walletCards.id),
    () =>
      db
        .select()
        .from(walletBankAccounts)
        .where(and(eq(walletBankAccounts.walletId, walletId), eq(walletBankAccounts.state, 'Active')))
        .orderBy(walletBankAccounts.createdAt, walletBankAccounts.id),
  ]);
  return { wallet: wallet[0], cards, bankAccounts };
}

/** A wallet item found by its processor token: what a payment or subscription pays from. */
export interface WalletItemByToken {
  token: string;
  kind: 'card' | 'bankAccount';
  id: string;
  lastDigits: string;
  brand: string;
  nickname: string | null;
  removed: boolean;
}

/**
 * The household's wallet items behind these tokens (removed ones included: a payment may name a method
 * removed since). Only the household's own wallet is searched, so another household's method is never
 * described.
 */
export async function walletItemsByToken(
  db: Database,
  householdId: string | null,
  tokens: readonly string[],
): Promise<Map<string, WalletItemByToken>> {
  const wanted = [...new Set(tokens)];
  if (householdId === null || wanted.length === 0) return new Map();
  const ownWallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.householdId} = ${householdId})`;
  const [cards, bankAccounts] = await Promise.all([
    db
      .select({
        token: walletCards.token,
        id: walletCards.id,
        lastDigits: walletCards.last4,
        brand: walletCards.cardType,
        nickname: walletCards.nickname,
        state: walletCards.state,
      })
      .from(walletCards)
      .where(and(inArray(walletCards.token, wanted), sql`${walletCards.walletId} in ${ownWallet}`)),
    db
      .select({
        token: walletBankAccounts.token,
        id: walletBankAccounts.id,
        lastDigits: walletBankAccounts.last3,
        brand: walletBankAccounts.accountType,
        nickname: walletBankAccounts.nickname,
        state: walletBankAccounts.state,
      })
      .from(walletBankAccounts)
      .where(
        and(inArray(walletBankAccounts.token, wanted), sql`${walletBankAccounts.walletId} in ${ownWallet}`),
      ),
  ]);
  const items = [
    ...cards.map((row) => ({ ...row, kind: 'card' as const })),
    ...bankAccounts.map((row) => ({ ...row, kind: 'bankAccount' as const })),
  ];
  return new Map(items.map(({ state, ...item }) => [item.token, { ...item, removed: state === 'Removed' }]));
}

/** An active item of the household's own wallet by its id (a card or a bank account), with its token. */
export async function activeWalletItem(
  db: Executor,
  householdId: string,
  itemId: string,
): Promise<WalletItemByToken | undefined> {
  const ownWallet = sql`(select ${wallets.id} from ${wallets} where ${wallets.householdId} = ${householdId})`;
  const [card] = await db
    .select({
      token: walletCards.token,
      id: walletCards.id,
      lastDigits: walletCards.last4,
      brand: walletCards.cardType,
      nickname: walletCards.nickname,
    })
    .from(walletCards)
    .where(
      and(
        eq(walletCards.id, itemId),
        eq(walletCards.state, 'Active'),
        sql`${walletCards.walletId} in ${ownWallet}`,
      ),
    );
  if (card) return { ...card, kind: 'card', removed: false };
  const [account] = await db
    .select({
      token: walletBankAccounts.token,
      id: walletBankAccounts.id,
      lastDigits: walletBankAccounts.last3,
      brand: walletBankAccounts.accountType,
      nickname: walletBankAccounts.nickname,
    })
    .from(walletBankAccounts)
    .where(
      and(
        eq(walletBankAccounts.id, itemId),
        eq(walletBankAccounts.state, 'Active'),
        sql`${walletBankAccounts.walletId} in ${ownWallet}`,
      ),
    );
  return account ? { ...account, kind: 'bankAccount', removed: false } : undefined;
}

/** The household's wallet, locked for the rest of the transaction (limits are checked under it). */
export async function lockWallet(tx: Executor, walletId: string): Promise<WalletRow | undefined> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  return wallet;
}

/** The household's wallet, made on first use (a household without saved methods has none yet). */
export async function ensureWallet(
  tx: Executor,
  householdId: string,
): Promise<{ wallet: WalletRow; created: boolean }> {
  const inserted = await tx
    .insert(wallets)
    .values({ householdId, referenceId: newPublicId('wallet') })
    .onConflictDoNothing({ target: wallets.householdId })
    .returning();
  if (inserted[0]) return { wallet: inserted[0], created: true };
  const [existing] = await tx
    .select()
    .from(wallets)
    .where(eq(wallets.householdId, householdId))
    .for('update');
  if (!existing) throw new Error('wallet vanished while being opened');
  return { wallet: existing, created: false };
}

export async function activeItemCount(tx: Executor, walletId: string): Promise<number> {
  const [cards, banks] = await readTogether(tx, [
    () =>
      tx
        .select({ n: count() })
        .from(walletCards)
        .where(and(eq(walletCards.walletId, walletId), eq(walletCards.state, 'Active'))),
    () =>
      tx
        .select({ n: count() })
        .from(walletBankAccounts)
        .where(and(eq(walletBankAccounts.walletId, walletId), eq(walletBankAccounts.state, 'Active'))),
  ]);
  return (cards[0]?.n ?? 0) + (banks[0]?.n ?? 0);
}

/** Any wallet item (any household, any state) holding this processor token. */
export async function itemHoldingToken(
  tx: Executor,
  token: string,
): Promise<
  { kind: 'card' | 'bankAccount'; id: string; walletId: string; state: 'Active' | 'Removed' } | undefined
> {
  const [card] = await tx
    .select({ id: walletCards.id, walletId: walletCards.walletId, state: walletCards.state })
    .from(walletCards)
    .where(eq(walletCards.token, token));
  if (card) return { kind: 'card', ...card };
  const [bank] = await tx
    .select({
      id: walletBankAccounts.id,
      walletId: walletBankAccounts.walletId,
      state: walletBankAccounts.state,
    })
    .from(walletBankAccounts)
    .where(eq(walletBankAccounts.token, token));
  return bank ? { kind: 'bankAccount', ...bank } : undefined;
}

/**
 * An active method of this wallet that is the same card or account (issue 33 item 2): the processor's
 * fingerprint matches and, for a card, the expiry too (a reissued card is a new one, docs/decisions/039).
 */
export async function activeSameMethod(
  tx: Executor,
  walletId: string,
  method:
    | { kind: 'card'; fingerprint: string; expirationMonth: number; expirationYear: number }
    | { kind: 'bankAccount'; fingerprint: string },
): Promise<{ id: string } | undefined> {
  if (method.kind === 'card') {
    const [card] = await tx
      .select({ id: walletCards.id })
      .from(walletCards)
      .where(
        and(
          eq(walletCards.walletId, walletId),
          eq(walletCards.state, 'Active'),
          eq(walletCards.fingerprint, method.fingerprint),
          eq(walletCards.expirationMonth, method.expirationMonth),
          eq(walletCards.expirationYear, method.expirationYear),
        ),
      )
      .limit(1);
    return card;
  }
  const [account] = await tx
    .select({ id: walletBankAccounts.id })
    .from(walletBankAccounts)
    .where(
      and(
        eq(walletBankAccounts.walletId, walletId),
        eq(walletBankAccounts.state, 'Active'),
        eq(walletBankAccounts.fingerprint, method.fingerprint),
      ),
    )
    .limit(1);
  return account;
}

/** Saves a card (or brings back one this wallet removed); undefined when another wallet holds the token. */
export async function insertCard(
  tx: Executor,
  values: typeof walletCards.$inferInsert & { walletId: string },
): Promise<WalletCardRow | undefined> {
  const [row] = await tx
    .insert(walletCards)
    .values(values)
    .onConflictDoUpdate({
      target: walletCards.token,
      set: { ...values, state: 'Active' },
      setWhere: eq(walletCards.walletId, values.walletId),
    })
    .returning();
  return row;
}

/** Saves a bank account (or brings back one this wallet removed); undefined when another wallet holds the token. */
export async function insertBankAccount(
  tx: Executor,
  values: typeof walletBankAccounts.$inferInsert & { walletId: string },
): Promise<WalletBankAccountRow | undefined> {
  const [row] = await tx
    .insert(walletBankAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: walletBankAccounts.token,
      set: { ...values, state: 'Active' },
      setWhere: eq(walletBankAccounts.walletId, values.walletId),
    })
    .returning();
  return row;
}

/** An item of this wallet by its id (either kind), or undefined. */
export async function walletItem(
  tx: Executor,
  walletId: string,
  itemId: string,
): Promise<
  { kind: 'card'; row: WalletCardRow } | { kind: 'bankAccount'; row: WalletBankAccountRow } | undefined
> {
  const [card] = await tx
    .select()
    .from(walletCards)
    .where(and(eq(walletCards.walletId, walletId), eq(walletCards.id, itemId)));
  if (card) return { kind: 'card', row: card };
  const [bank] = await tx
    .select()
    .from(walletBankAccounts)
    .where(and(eq(walletBankAccounts.walletId, walletId), eq(walletBankAccounts.id, itemId)));
  return bank ? { kind: 'bankAccount', row: bank } : undefined;
}

export async function setDefaultToken(tx: Executor, walletId: string, token: string | null): Promise<void> {
  await tx.update(wallets).set({ defaultToken: token }).where(eq(wallets.id, walletId));
}

export async function removeItem(tx: Executor, kind: 'card' | 'bankAccount', itemId: string): Promise<void> {
  if (kind === 'card')
    await tx.update(walletCards).set({ state: 'Removed' }).where(eq(walletCards.id, itemId));
  else await tx.update(walletBankAccounts).set({ state: 'Removed' }).where(eq(walletBankAccounts.id, itemId));
}

export async function updateBankAccount(
  tx: Executor,
  itemId: string,
  values: Pick<WalletBankAccountRow, 'nickname' | 'accountHolderName' | 'accountHolderAddress' | 'email'>,
): Promise<void> {
  await tx.update(walletBankAccounts).set(values).where(eq(walletBankAccounts.id, itemId));
}

/** Every saved method's display facts and household (demo mode: the sandbox learns the tokens of the demo data). */
export async function allSavedMethods(db: Database) {
  const [cards, banks] = await Promise.all([
    db
      .select({
        householdId: wallets.householdId,
        token: walletCards.token,
        brand: walletCards.cardType,
        last4: walletCards.last4,
        expirationMonth: walletCards.expirationMonth,
        expirationYear: walletCards.expirationYear,
        funding: walletCards.funding,
        postalCode: walletCards.billingZipCode,
      })
      .from(walletCards)
      .innerJoin(wallets, eq(wallets.id, walletCards.walletId)),
    db
      .select({
        householdId: wallets.householdId,
        token: walletBankAccounts.token,
        routingNumber: walletBankAccounts.routingNumber,
        last3: walletBankAccounts.last3,
        accountType: walletBankAccounts.accountType,
        bankName: walletBankAccounts.bankName,
      })
      .from(walletBankAccounts)
      .innerJoin(wallets, eq(wallets.id, walletBankAccounts.walletId)),
  ]);
  return { cards, banks };
}

// --- reads for autopay (issue 38) ---

/** The expiry of the cards behind these tokens (bank accounts do not expire). */
export async function cardExpiries(
  db: Executor,
  tokens: readonly string[],
): Promise<Map<string, { month: number; year: number }>> {
  if (tokens.length === 0) return new Map();
  const rows = await db
    .select({
      token: walletCards.token,
      month: walletCards.expirationMonth,
      year: walletCards.expirationYear,
    })
    .from(walletCards)
    .where(inArray(walletCards.token, [...new Set(tokens)]));
  return new Map(rows.map((row) => [row.token, { month: row.month, year: row.year }]));
}

/** A wallet method as autopay charges and names it (server side: the token is the key it is found by). */
export interface WalletMethod {
  kind: 'card' | 'bankAccount';
  lastDigits: string;
  brand: string;
  removed: boolean;
}

/**
 * The wallet methods behind these tokens, each only in its household's own wallet (a removed one too,
 * marked), keyed `householdId token`: the wallet module's look-up by token for a whole page of
 * subscriptions from many households in one round trip.
 */
export async function walletMethodsOf(
  db: Executor,
  wanted: readonly { householdId: string | null; token: string }[],
): Promise<Map<string, WalletMethod>> {
  const tokens = [...new Set(wanted.filter((item) => item.householdId !== null).map((item) => item.token))];
  if (tokens.length === 0) return new Map();
  const [cards, bankAccounts] = await readTogether(db, [
    () =>
      db
        .select({
          householdId: wallets.householdId,
          token: walletCards.token,
          lastDigits: walletCards.last4,
          brand: walletCards.cardType,
          state: walletCards.state,
        })
        .from(walletCards)
        .innerJoin(wallets, eq(wallets.id, walletCards.walletId))
        .where(inArray(walletCards.token, tokens)),
    () =>
      db
        .select({
          householdId: wallets.householdId,
          token: walletBankAccounts.token,
          lastDigits: walletBankAccounts.last3,
          brand: walletBankAccounts.accountType,
          state: walletBankAccounts.state,
        })
        .from(walletBankAccounts)
        .innerJoin(wallets, eq(wallets.id, walletBankAccounts.walletId))
        .where(inArray(walletBankAccounts.token, tokens)),
  ]);
  const methods = new Map<string, WalletMethod>();
  for (const row of cards)
    methods.set(`${row.householdId} ${row.token}`, {
      kind: 'card',
      lastDigits: row.lastDigits,
      brand: row.brand,
      removed: row.state === 'Removed',
    });
  for (const row of bankAccounts)
    methods.set(`${row.householdId} ${row.token}`, {
      kind: 'bankAccount',
      lastDigits: row.lastDigits,
      brand: row.brand,
      removed: row.state === 'Removed',
    });
  return methods;
}

// --- reads for household ---

/**
 * The reference of the household's wallet, null without one: a correlated scalar subquery on the
 * household's id column, for a caller's select of households in one statement (a household has at most one
 * wallet: wallets_household_key).
 */
export function walletReferenceOf(householdId: AnyColumn | SQL): SQL<string | null> {
  // Nested in a second sql so its columns keep their table names: Drizzle writes the columns of a single-table
  // select's fields unqualified, which would make the outer household id read as the wallet's own id.
  const subquery = sql`select ${wallets.referenceId} from ${wallets} where ${wallets.householdId} = ${householdId}`;
  return sql<string | null>`(${subquery})`;
}
