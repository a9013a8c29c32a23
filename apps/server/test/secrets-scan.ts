import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { TEST_SECRETS } from '../src/processor/sandbox/test-numbers';

/**
 * The secrets scan (issue 9 "Done when"): no card number, CVC or bank account number a test typed may
 * be found in the portal's database or its logs. Numbers are found even when spaced or dashed; a CVC
 * (three or four digits, common inside ids, times and amounts) where it is quoted on its own or named.
 */
export interface SecretFinding {
  where: string;
  kind: 'card number' | 'CVC' | 'bank account number';
  secret: string;
}

const spaced = (digits: string) => new RegExp(digits.split('').join('[\\s-]?'));
const asValue = (digits: string) =>
  new RegExp(`"${digits}"|(cvc|cvv|csc|securitycode)["']?\\s*[:=]\\s*["']?${digits}`, 'i');

const PATTERNS: { kind: SecretFinding['kind']; secret: string; pattern: RegExp }[] = [
  ...TEST_SECRETS.cardNumbers.map((secret) => ({
    kind: 'card number' as const,
    secret,
    pattern: spaced(secret),
  })),
  ...TEST_SECRETS.bankAccountNumbers.map((secret) => ({
    kind: 'bank account number' as const,
    secret,
    pattern: spaced(secret),
  })),
  ...TEST_SECRETS.cvcs.map((secret) => ({ kind: 'CVC' as const, secret, pattern: asValue(secret) })),
];

export function secretsIn(text: string, where: string): SecretFinding[] {
  return PATTERNS.filter(({ pattern }) => pattern.test(text)).map(({ kind, secret }) => ({
    where,
    kind,
    secret,
  }));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every row of every table of the portal's database, as JSON text, searched for the test secrets. */
export async function secretsInDatabase(db: Database): Promise<SecretFinding[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const findings: SecretFinding[] = [];
  for (const { name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`),
    );
    for (const { row } of rows) findings.push(...secretsIn(row, `table ${name}`));
  }
  return findings;
}

export function secretsInLogs(lines: readonly string[]): SecretFinding[] {
  return lines.flatMap((line, index) => secretsIn(line, `log line ${index + 1}`));
}
