import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../src/settings';
import { BENCH_CLIENT_SECRET } from '../../../bench/lib/sign-in.mjs';

export interface RunningServer {
  process: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
}

/** Starts the real server entry point (`src/server.ts` through tsx) as its own process. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      // The web client's secret the benchmarks' sign-in uses (docs/decisions/050): tests sign in over HTTP as an API client.
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        OIDC_CLIENT_SECRET: BENCH_CLIENT_SECRET,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    // A first start seeds the demo data through tsx: over a minute when other work shares the two cores.
    const timer = setTimeout(() => {
      reject(new Error(`server did not start in 150 s:\n${output}`));
    }, 150_000);
    const onData = () => {
      const match = /running: (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
  return { process: child, url, output: () => output, exited };
}
