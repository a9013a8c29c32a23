import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { importEnrollment, type ImportSettings, type ImportSummary } from './service';

/**
 * The `ENROLLMENT_INBOX` drop folder (issue 34, docs/decisions/051): the issuer's (or exchange's) file
 * transfer puts 834 files in it; the job queue's `enrollment-inbox` runs import each through the same
 * service as the command line and the API, then move it to `done/` — or `failed/` when it was refused
 * whole — with its 999 (or TA1) beside it.
 *
 * Several job runners may watch one folder (a shared volume). A file is **claimed** by renaming it into
 * `processing/` under a name of its own (a rename is atomic: one runner wins, the others find it gone), and
 * the claim's modification time is a lease its runner renews while it imports. A claim whose lease ran out
 * (its runner crashed or was killed) is taken over by the next run, by the same rename. A file is never
 * deleted: at every moment it is in the inbox, in `processing/` or in `done/`/`failed/`. Importing a file a
 * second time (a takeover after the import committed, before the move) changes nothing: the interchange's
 * ISA06 + ISA13 makes it a duplicate, answered with the first import's 999.
 */

export const ENROLLMENT_INBOX_QUEUE = 'enrollment-inbox';

/** Who the drop folder's imports are recorded as (the jobs' audit convention, `job:<name>`). */
export const INBOX_ACTOR = { subject: `job:${ENROLLMENT_INBOX_QUEUE}`, role: 'system' } as const;

export interface InboxOptions {
  db: Database;
  dir: string;
  /** The day, rules and actor of an import, read afresh for each file. */
  importSettings: () => ImportSettings;
  log: FastifyBaseLogger;
  /** How long a claim stands without its runner renewing it (ms); renewed every third of it. */
  leaseMs?: number;
  /** A file changed more recently than this (ms) may still be being written: left for the next run. */
  settleMs?: number;
}

export interface InboxFileReport {
  file: string;
  outcome: 'done' | 'failed';
  summary: ImportSummary;
}

const LEASE_MS = 2 * 60 * 1000;
const SETTLE_MS = 5 * 1000;
/** `<ms>-<random>--<original name>`: a claim in processing/. */
const CLAIM = /^\d{13}-[0-9a-f]{8}--(.+)$/;

/** What a sender may be writing still: hidden files and the usual temporary suffixes. */
const isInProgress = (name: string): boolean =>
  name.startsWith('.') || /\.(part|tmp|filepart|partial)$/i.test(name);

const claimName = (original: string): string =>
  `${String(Date.now())}-${randomBytes(4).toString('hex')}--${original}`;

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The file's status, or null when it is gone (another runner claimed or moved it). */
async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await fs.stat(file);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/** Renames `from` to a fresh claim in processing/ and starts its lease; null when another runner got there first. */
async function claim(from: string, processing: string, original: string): Promise<string | null> {
  const to = path.join(processing, claimName(original));
  try {
    await fs.rename(from, to);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
  const now = new Date();
  await fs.utimes(to, now, now);
  return to;
}

/** A name in `dir` nobody has taken: the original, else with the time added (a sender reusing a name). */
async function freeName(dir: string, original: string): Promise<string> {
  for (const candidate of [
    original,
    `${original}.${String(Date.now())}`,
    `${original}.${String(Date.now())}-${randomBytes(2).toString('hex')}`,
  ]) {
    try {
      await fs.access(path.join(dir, candidate));
    } catch (error) {
      if (missing(error)) return candidate;
      throw error;
    }
  }
  return `${original}.${randomBytes(8).toString('hex')}`;
}

/** Written whole or not at all: under a temporary name, then renamed. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temporary = `${path.dirname(file)}/.${path.basename(file)}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, text, 'latin1');
  await fs.rename(temporary, file);
}

/** One run: takes over abandoned claims, claims the settled files of the inbox, imports each. */
export async function processInbox(options: InboxOptions): Promise<InboxFileReport[]> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const processing = path.join(options.dir, 'processing');
  const done = path.join(options.dir, 'done');
  const failed = path.join(options.dir, 'failed');
  for (const dir of [options.dir, processing, done, failed]) await fs.mkdir(dir, { recursive: true });

  const claims: { path: string; original: string }[] = [];
  // Claims whose runner stopped renewing them: crashed mid-file. Taken over by the same atomic rename.
  for (const entry of await fs.readdir(processing, { withFileTypes: true })) {
    const original = CLAIM.exec(entry.name)?.[1];
    if (!entry.isFile() || original === undefined) continue;
    const from = path.join(processing, entry.name);
    const stat = await statOrNull(from);
    if (!stat || Date.now() - stat.mtimeMs < leaseMs) continue;
    const taken = await claim(from, processing, original);
    if (taken) {
      options.log.warn({ file: original }, 'enrolment inbox: taking over a file whose import did not finish');
      claims.push({ path: taken, original });
    }
  }
  for (const entry of await fs.readdir(options.dir, { withFileTypes: true })) {
    if (!entry.isFile() || isInProgress(entry.name)) continue;
    const from = path.join(options.dir, entry.name);
    const stat = await statOrNull(from);
    if (!stat || (settleMs > 0 && Date.now() - stat.mtimeMs < settleMs)) continue;
    const taken = await claim(from, processing, entry.name);
    if (taken) claims.push({ path: taken, original: entry.name });
  }

  const reports: InboxFileReport[] = [];
  let failure: Error | null = null;
  for (const claimed of claims.sort((a, b) => a.original.localeCompare(b.original))) {
    // The lease: renewed while the import runs, so a slow import is not taken over.
    const renew = setInterval(
      () => {
        const now = new Date();
        fs.utimes(claimed.path, now, now).catch(() => undefined);
      },
      Math.max(1_000, Math.floor(leaseMs / 3)),
    );
    try {
      if (failure !== null) throw failure;
      const text = await fs.readFile(claimed.path, 'latin1');
      const outcome = await importEnrollment(options.db, options.importSettings(), {
        text,
        fileName: claimed.original,
        source: 'inbox',
      });
      const refused = outcome.summary.status === 'refused';
      const destination = refused ? failed : done;
      const name = await freeName(destination, claimed.original);
      // The acknowledgment first, then the file: a crash between them leaves the file claimed, and the
      // takeover writes the same acknowledgment again (the interchange is a duplicate by then).
      if (outcome.ack999) await writeWhole(path.join(destination, `${name}.999`), outcome.ack999);
      if (outcome.ta1) await writeWhole(path.join(destination, `${name}.ta1`), outcome.ta1);
      clearInterval(renew);
      await fs.rename(claimed.path, path.join(destination, name));
      const report: InboxFileReport = {
        file: claimed.original,
        outcome: refused ? 'failed' : 'done',
        summary: outcome.summary,
      };
      options.log.info(
        {
          file: claimed.original,
          outcome: report.outcome,
          applied: outcome.summary.applied,
          rejected: outcome.summary.rejected,
          held: outcome.summary.held,
          duplicate: outcome.summary.duplicate,
        },
        'enrolment inbox: file imported',
      );
      reports.push(report);
    } catch (error) {
      // The database or the disk failed: this file and the rest stay claimed with their lease run out, so
      // the next run (pg-boss's retry, or the next minute's) takes them over.
      clearInterval(renew);
      await fs.utimes(claimed.path, new Date(0), new Date(0)).catch(() => undefined);
      if (failure === null)
        options.log.error(
          { err: error, file: claimed.original },
          'enrolment inbox: the import failed; the file is tried again next run',
        );
      failure ??= error instanceof Error ? error : new Error(String(error));
    } finally {
      clearInterval(renew);
    }
  }
  if (failure !== null) throw failure;
  return reports;
}
