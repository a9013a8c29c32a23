// `npm run test:pg`: the server's integration tests against a real PostgreSQL server
// (TEST_DATABASE_URL, default: the local server with trust auth). Each test file gets its own database.
import pg from 'pg';
import { runSteps } from './run-steps.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('show server_version');
  console.log(`PostgreSQL ${rows[0].server_version} at ${url.replace(/\/\/[^@]*@/, '//')}`);
} catch (error) {
  console.error(
    `Cannot reach PostgreSQL at ${url} (${error.message}). Start it (on these machines: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.`,
  );
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

process.exit(
  await runSteps([
    {
      name: 'PDF tools for the tests (poppler-utils)',
      command: 'node',
      args: ['scripts/ensure-poppler.mjs'],
    },
    {
      name: 'integration tests on PostgreSQL',
      command: 'npx',
      args: ['vitest', 'run', '--project', 'server'],
      env: { TEST_DATABASE_URL: url },
    },
  ]),
);
