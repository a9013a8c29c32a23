import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { generateSharedSecrets } from './keys';

/**
 * `npm run keys` (issue 40): a fresh set of the secrets every instance of one deployment must share, as
 * environment lines — `npm run keys -- --out portal.env` (a file only its owner may read), then give that
 * file to every instance (docker --env-file, kubectl create secret generic --from-env-file, systemd
 * EnvironmentFile). The values hold no spaces or quotes, so the plain `NAME=value` form works for all of
 * these; `--shell` writes `export NAME='value'` lines to source in a shell instead. Without `--out` the
 * lines go to standard output (`npm run -s keys`: without npm's own header lines).
 */
const { values } = parseArgs({
  options: {
    shell: { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (values.help) {
  console.log(
    'Usage: npm run keys [-- [--out FILE] [--shell]]   a fresh IDP_SIGNING_JWK, PORTAL_SIGNING_JWK, IDP_COOKIE_SECRET, WEBHOOK_SECRETS_KEY, ENROLLMENT_CLIENT_SECRET (and sandbox and metrics secrets) as environment lines',
  );
  process.exit(0);
}

const secrets = await generateSharedSecrets();
const line = (name: string) => {
  const value = secrets[name] ?? '';
  return values.shell ? `export ${name}='${value}'` : `${name}=${value}`;
};
const text = `${[
  `# Secrets shared by every instance of one portal deployment (npm run keys, ${new Date().toISOString()}).`,
  '# Keep this file secret. Changing a signing key ends every session signed with the old one.',
  line('IDP_SIGNING_JWK'),
  line('PORTAL_SIGNING_JWK'),
  line('IDP_COOKIE_SECRET'),
  "# Encrypts the issuer-event webhook subscribers' secrets in the database (decision 052).",
  line('WEBHOOK_SECRETS_KEY'),
  "# The issuer's enrolment system's client secret (client id ENROLLMENT_CLIENT_ID, default issuer-enrollment):",
  '# give it to their integration team; it gets tokens for POST /api/v1/Enrollment/834 (docs/INTEGRATION-834.md).',
  line('ENROLLMENT_CLIENT_SECRET'),
  '# Demo mode, instances sharing one sandbox payment processor by PROCESSOR_URL: remove the # of these two.',
  '# A real processor gives you its own key and webhook secret instead.',
  `#${line('PROCESSOR_API_KEY')}`,
  `#${line('PROCESSOR_WEBHOOK_SECRET')}`,
  '# Metrics scraped at <PUBLIC_URL>/metrics with this bearer token: remove the # to turn them on.',
  `#${line('METRICS_TOKEN')}`,
].join('\n')}\n`;
if (values.out === undefined) {
  process.stdout.write(text);
} else {
  try {
    fs.writeFileSync(values.out, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    console.error(
      `Cannot write ${values.out}: ${(error as NodeJS.ErrnoException).code === 'EEXIST' ? 'it exists (a set of keys is never overwritten)' : String(error)}`,
    );
    process.exit(1);
  }
  console.error(
    `Wrote ${values.out} (readable by its owner only). Give it to every instance; keep it secret.`,
  );
}
