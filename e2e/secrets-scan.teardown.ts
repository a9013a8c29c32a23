import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TEST_SECRETS } from '../apps/server/src/processor/sandbox/test-numbers';

/**
 * After every journey (issue 9 "Done when"): none of the card numbers, CVCs and bank account numbers
 * the journeys typed into the hosted fields is found in the servers' data folders — the portal's
 * database files, its keys and the sandbox processor's own state — or in their log files. The files are
 * read as bytes, so nothing is missed by a query.
 */

const folders = [process.env.E2E_DATA_DIR, process.env.E2E_IDLE_DATA_DIR, process.env.E2E_LOG_DIR].filter(
  (dir): dir is string => Boolean(dir),
);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const spaced = (digits: string) => new RegExp(digits.split('').join('[ -]?'));
/** A CVC (3-4 digits, common inside ids, times and amounts) counts where it is quoted on its own or named. */
const asValue = (digits: string) =>
  new RegExp(`"${digits}"|(cvc|cvv|csc|securitycode)["']?\\s*[:=]\\s*["']?${digits}`, 'i');

test('no typed card number, CVC or bank account number reached a database, a state file or a log', () => {
  expect(folders.length, 'the e2e data and log folders').toBe(3);
  const patterns = [
    ...TEST_SECRETS.cardNumbers.map((secret) => ({ secret, pattern: spaced(secret) })),
    ...TEST_SECRETS.bankAccountNumbers.map((secret) => ({ secret, pattern: spaced(secret) })),
    ...TEST_SECRETS.cvcs.map((secret) => ({ secret, pattern: asValue(secret) })),
  ];
  const files = folders.flatMap(filesUnder);
  // The portal's database and the sandbox's state are among them.
  expect(files.some((file) => file.includes(`${path.sep}pgdata${path.sep}`))).toBe(true);
  expect(files.some((file) => file.endsWith(path.join('processor-sandbox', 'state.json')))).toBe(true);
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file).toString('latin1');
    for (const { secret, pattern } of patterns) if (pattern.test(text)) found.push(`${secret} in ${file}`);
  }
  expect(found).toEqual([]);
});
