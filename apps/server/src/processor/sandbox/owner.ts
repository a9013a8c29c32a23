import fs from 'node:fs';
import path from 'node:path';

/**
 * Which process runs the sandbox processor of a DATA_DIR (demo mode; issue 40, issue 33 item 4).
 *
 * The sandbox's state (DATA_DIR/processor-sandbox) is one process's: two processes writing its journal
 * would lose each other's charges, and two sandboxes on one port cannot both listen. So one process at
 * a time runs it, and says so in `owner.json` beside its state (its pid, what it is, and where the
 * sandbox listens); the others on the same DATA_DIR reach that sandbox by its URL (the same keys in
 * DATA_DIR/keys). The rule:
 *
 * - a long-lived process (a server, the job runner) runs the sandbox or uses one a long-lived process
 *   runs;
 * - a `jobs --once` run uses the sandbox a long-lived process runs, and otherwise runs it itself;
 * - nobody uses a sandbox a `jobs --once` run holds (it ends with the run): they wait until it is done,
 *   so two runs at once take turns at the processor and each due payment is still charged once;
 * - a lock whose process is gone (killed) is taken over.
 */
export type SandboxRole = 'server' | 'runner' | 'once';

export interface SandboxOwnerRecord {
  pid: number;
  role: SandboxRole;
  /** Where its API listens (server to server); null while it is starting. */
  url: string | null;
  /** The origin browsers load its hosted fields from. */
  publicOrigin: string | null;
}

export type SandboxClaim =
  | { kind: 'own'; publish(url: string, publicOrigin: string): void; release(): void }
  | { kind: 'use'; owner: SandboxOwnerRecord & { url: string; publicOrigin: string } };

const OWNER_FILE = 'owner.json';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): SandboxOwnerRecord | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SandboxOwnerRecord>;
    if (
      typeof value.pid !== 'number' ||
      (value.role !== 'server' && value.role !== 'runner' && value.role !== 'once')
    )
      return null;
    return {
      pid: value.pid,
      role: value.role,
      url: typeof value.url === 'string' ? value.url : null,
      publicOrigin: typeof value.publicOrigin === 'string' ? value.publicOrigin : null,
    };
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the sandbox of `stateDir` for this process, or finds the one to use; waits while a `jobs --once`
 * run (or a process still starting its sandbox) holds it, up to `waitMs`.
 */
export async function claimSandbox(
  stateDir: string,
  role: SandboxRole,
  options: { waitMs?: number; onWait?: (owner: SandboxOwnerRecord) => void } = {},
): Promise<SandboxClaim> {
  fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = path.join(stateDir, OWNER_FILE);
  const deadline = Date.now() + (options.waitMs ?? 10 * 60_000);
  let told = false;
  for (;;) {
    const mine: SandboxOwnerRecord = { pid: process.pid, role, url: null, publicOrigin: null };
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
      return {
        kind: 'own',
        publish: (url, publicOrigin) => {
          const temporary = `${file}.${String(process.pid)}.tmp`;
          fs.writeFileSync(temporary, JSON.stringify({ ...mine, url, publicOrigin }), { mode: 0o600 });
          fs.renameSync(temporary, file);
        },
        release: () => {
          if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner === null || owner.pid === process.pid || !processIsAlive(owner.pid)) {
      // Gone (killed), or a file cut short: take it over. A half-written file of a live process is
      // written again by rename, never in place, so it is never seen half-made.
      if (owner === null) {
        const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
        if (age < 2_000) {
          await sleep(100);
          continue;
        }
      }
      fs.rmSync(file, { force: true });
      continue;
    }
    if (owner.url !== null && owner.publicOrigin !== null && owner.role !== 'once') {
      return { kind: 'use', owner: { ...owner, url: owner.url, publicOrigin: owner.publicOrigin } };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The sandbox processor in ${stateDir} is held by process ${String(owner.pid)} (${owner.role}); it did not free it in time.`,
      );
    }
    if (!told) {
      told = true;
      options.onWait?.(owner);
    }
    await sleep(200);
  }
}
