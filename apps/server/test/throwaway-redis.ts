import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitForPort } from './free-port';

/**
 * A Redis server of a test's own (issue 40): no persistence, a free port, and stop/start on that same
 * port so a test can take Redis away under a running portal and bring it back — never the machine's
 * shared server. Fault tests and, later, the fleet harness use it.
 */
export interface ThrowawayRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty: nothing is persisted). */
  start(): Promise<void>;
  readonly running: boolean;
  dispose(): Promise<void>;
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  async function start(): Promise<void> {
    if (child) return;
    const started = spawn(
      process.env.REDIS_SERVER_BIN ?? 'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    child = started;
    exited = new Promise((resolve) => {
      started.once('exit', () => {
        if (child === started) child = null;
        resolve();
      });
    });
    await waitForPort(port, 10_000);
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${String(port)}`,
    stop,
    start,
    get running() {
      return child !== null;
    },
    dispose: stop,
  };
}
