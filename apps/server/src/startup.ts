import type { DatabaseHandle } from './db/client';
import { testIssuerEnabled } from './saml/trust';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { demoGuestFacts } from './seed/demo-households';
import { seedDemoDataIfEmpty, type SeedSummary } from './seed/seed';
import type { Settings } from './settings';

/**
 * What `npm start` does before it listens: migrate (unless MIGRATE_AT_START=false: a release then runs
 * `npm run migrate` once, and readiness says `migrations: pending` until it has; decision 048), and in
 * demo mode only (docs/decisions/012) seed the demo households and accounts on first start. Without demo
 * mode nothing demo is ever written.
 */
export async function prepareDatabase(
  settings: Settings,
  database: DatabaseHandle,
): Promise<SeedSummary | null> {
  if (settings.migrateAtStart) await database.migrate();
  return settings.demoMode
    ? seedDemoDataIfEmpty(
        database,
        settings.demoHouseholds === undefined ? {} : { households: settings.demoHouseholds },
      )
    : null;
}

export interface BannerInput {
  settings: Settings;
  version: string;
  /** The port the server really listens on (PORT=0 picks one). */
  port: number;
  seeded: SeedSummary | null;
}

const describeTrustProxy = (trustProxy: Settings['trustProxy']): string | null => {
  if (trustProxy === false) return null;
  if (trustProxy === true)
    return 'any peer (TRUST_PROXY=true: clients can forge X-Forwarded-For; list the proxy addresses instead)';
  if (typeof trustProxy === 'number') return `${String(trustProxy)} proxy hop${trustProxy === 1 ? '' : 's'}`;
  return trustProxy.join(', ');
};

/** Which payment processor the portal pays through (docs/decisions/016). */
function processorLine(processor: Settings['processor']): string {
  switch (processor.mode) {
    case 'sandbox':
      return `  Payment processor: the built-in sandbox at ${processor.publicOrigin} (demo mode; test card numbers in the README)`;
    case 'external':
      return `  Payment processor: ${processor.url} (hosted fields from ${processor.publicOrigin})`;
    case 'none':
      return '  Payment processor: none (set PROCESSOR_URL, PROCESSOR_API_KEY and PROCESSOR_WEBHOOK_SECRET; paying answers 503)';
  }
}

/**
 * The start banner: where the portal runs and, in demo mode, what the demo really offers — the demo
 * accounts with their shared password and what each signs in to, the guest locate-account facts and
 * the test SAML issuer. Outside demo mode it names no demo account and no password.
 */
export function startBanner({ settings, version, port, seeded }: BannerInput): string {
  const local = `http://localhost:${String(port)}`;
  const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${settings.dataDir}`;
  const proxies = describeTrustProxy(settings.trustProxy);
  const lines = [
    '',
    `  Member portal ${version} is running: ${local}/`,
    ...(settings.publicUrl !== local ? [`  Public URL: ${settings.publicUrl}/`] : []),
    `  API: ${local}/api/docs   Database: ${where}   Node.js ${process.version}`,
    ...(proxies ? [`  Trusted proxies (TRUST_PROXY): ${proxies}`] : []),
    processorLine(settings.processor),
  ];
  if (!settings.demoMode) {
    lines.push('  Demo mode: off (no demo data, no demo accounts, no test SAML issuer).');
  } else {
    lines.push(
      '  Demo mode: ON (DEMO_MODE; refused with NODE_ENV=production). Never put real members in this database.',
    );
    if (seeded) {
      lines.push(
        `  Seeded the demo data: ${String(seeded.counts.households)} households in ${(seeded.milliseconds / 1000).toFixed(1)} s.`,
      );
    }
    lines.push(`  Sign in at ${local}/ (every demo account's password: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) {
      const scenarios = account.scenarios ? ` [${account.scenarios.join(' + ')}]` : '';
      lines.push(
        `    ${account.username.padEnd(14)} ${account.realm.padEnd(9)} ${account.shows}${scenarios}`,
      );
    }
    lines.push(
      `  Pay as a guest at ${local}/payments/locate-account (policy number, subscriber's date of birth, home ZIP):`,
    );
    for (const account of DEMO_ACCOUNTS) {
      if (!account.household || !account.guestScenario) continue;
      const facts = demoGuestFacts(account.household);
      lines.push(`    ${facts.policyNumber}  ${facts.dob}  ${facts.zipCode}   ${account.guestScenario}`);
    }
    if (testIssuerEnabled(settings)) {
      lines.push(`  SAML test issuer (asserts the demo scenarios only): ${local}/idp/saml-test`);
    }
    lines.push(`  Development mailbox (the e-mails the portal sends, demo mode only): ${local}/dev/mailbox`);
  }
  lines.push('  Stop with Ctrl-C.', '');
  return lines.join('\n');
}
