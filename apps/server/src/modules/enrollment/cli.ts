import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app';
import { requireSupportedNode } from '../../node-runtime';
import { createProcessor } from '../../processor';
import { openRuntime } from '../../runtime';
import { loadSettings, repoRoot, SettingsError } from '../../settings';
import { importSettingsOf } from './routes';
import { importEnrollment } from './service';

const USAGE = `Usage: npm run enrollment -- import <file.edi> [--ack-dir DIR]
       npm run import:834 -- <file.edi> [--ack-dir DIR]
       node apps/server/dist/enrollment.js import <file.edi> [--ack-dir DIR]

Imports one X12 834 interchange (005010X220A1) into the portal's database (docs/INTEGRATION-834.md) and
prints its summary as JSON: { interchange, transactions, applied, rejected, held, members: { created,
updated, terminated }, rejections, … }. The 999 acknowledgment (or the TA1 for an envelope error) is
written beside the file (<file>.999, <file>.ta1), or into --ack-dir. The same interchange (ISA06 + ISA13)
imported again changes nothing and says "duplicate": true. Exits 1 only when the file is refused whole
(its segment and reason in "refused"); transaction sets rejected on their own are in "rejections".
With the embedded database (PGlite) stop the server first: one process at a time can open it.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { 'ack-dir': { type: 'string' }, help: { type: 'boolean', default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) throw new UsageError('');
  const positionals = parsed.positionals[0] === 'import' ? parsed.positionals.slice(1) : parsed.positionals;
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('name one file to import');
  return { file: path.resolve(positionals[0]), ackDir: parsed.values['ack-dir'] };
}

async function main(): Promise<number> {
  requireSupportedNode();
  const options = parse(process.argv.slice(2));
  const text = fs.readFileSync(options.file, 'latin1');
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Standard output is the summary alone: the app logs only warnings unless LOG_LEVEL says otherwise.
  const runtime = await openRuntime(loadSettings({ LOG_LEVEL: 'warn', ...process.env }, version), 'once');
  const app = await buildApp({
    settings: runtime.settings,
    database: runtime.database,
    closeDatabaseOnShutdown: true,
    processor: createProcessor(runtime.settings),
    jobs: false,
  });
  try {
    await app.ready();
    const outcome = await importEnrollment(
      app.database.db,
      importSettingsOf(app, { subject: 'cli:enrollment', role: 'system' }),
      { text, fileName: path.basename(options.file), source: 'cli' },
    );
    const dir = options.ackDir ?? path.dirname(options.file);
    fs.mkdirSync(dir, { recursive: true });
    if (outcome.ack999)
      fs.writeFileSync(path.join(dir, `${path.basename(options.file)}.999`), outcome.ack999);
    if (outcome.ta1) fs.writeFileSync(path.join(dir, `${path.basename(options.file)}.ta1`), outcome.ta1);
    console.log(JSON.stringify(outcome.summary, null, 2));
    return outcome.summary.status === 'refused' ? 1 : 0;
  } finally {
    await app.outbox.drain();
    await app.close();
    await runtime.sandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(error.message);
      console.error(USAGE);
      process.exit(2);
    }
    console.error(error instanceof SettingsError ? error.message : error);
    process.exit(1);
  },
);
