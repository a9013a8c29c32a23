// The processes of the fleet harness (issue 40, docs/decisions/049): portal instances and the job runner
// from the built bundle (`node apps/server/dist/server.js`, `jobs.js`), HAProxy in front of them, and the
// CPU time each uses (from /proc), all on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../apps/server/src/settings';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process of ours: a portal instance, the job runner or HAProxy; restartable with the same settings. */
export class Managed {
  child: ChildProcess | null = null;
  exited: Promise<number | string> = Promise.resolve('not started');
  /** Each start appends to the same log file (kept for a failed run's diagnosis). */
  readonly logFile: string;
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    logDir: string,
  ) {
    this.logFile = path.join(logDir, `${name}.log`);
  }

  spawn(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const log = fs.openSync(this.logFile, 'a');
    const child = spawn(this.command, this.args, {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve(code ?? signal ?? 'unknown');
      });
    });
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child?.kill(signal);
  }

  /** The end of its log, for an error message. */
  tail(lines = 30): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** A portal instance (or the job runner): ready when its readiness route says so. */
export class PortalProcess extends Managed {
  constructor(
    name: string,
    readonly port: number | null,
    env: Record<string, string>,
    logDir: string,
    entry: 'server' | 'jobs' = 'server',
  ) {
    super(
      name,
      process.execPath,
      ['--enable-source-maps', path.join(repoRoot, `apps/server/dist/${entry}.js`)],
      port === null ? env : { ...env, PORT: String(port) },
      logDir,
    );
  }

  get url(): string {
    return `http://127.0.0.1:${String(this.port)}`;
  }

  /** Starts it and waits until it is ready (or, for the job runner, until it has said it runs). */
  async start(timeoutMs = 90_000): Promise<number> {
    const started = Date.now();
    this.spawn();
    await this.waitReady(timeoutMs);
    return Date.now() - started;
  }

  async readiness(): Promise<{ status: number; body: { status?: string; checks?: Record<string, string> } }> {
    const response = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
    return {
      status: response.status,
      body: (await response.json()) as { status?: string; checks?: Record<string, string> },
    };
  }

  async waitReady(
    timeoutMs: number,
    want: (checks: Record<string, string>) => boolean = () => true,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running)
        throw new Error(
          `${this.name} exited (${String(await this.exited)}) before it was ready:\n${this.tail()}`,
        );
      if (this.port === null) {
        // The job runner has no port: it runs once it has said so.
        if (/Job runner .* is running/.test(this.tail(200))) return;
      } else {
        try {
          const { status, body } = await this.readiness();
          if (status === 200 && want(body.checks ?? {})) return;
        } catch {
          // not listening yet
        }
      }
      if (Date.now() > deadline)
        throw new Error(`${this.name} was not ready in ${String(timeoutMs)} ms:\n${this.tail()}`);
      await sleep(100);
    }
  }

  /** SIGTERM and wait for the exit (a second SIGTERM after `skipDrainAfterMs` skips the drain). */
  async stop(skipDrainAfterMs: number | null = 200): Promise<number | string> {
    if (!this.running) return this.exited;
    this.signal('SIGTERM');
    if (skipDrainAfterMs !== null) {
      await sleep(skipDrainAfterMs);
      this.signal('SIGTERM');
    }
    return this.exited;
  }
}

/** HAProxy's configuration for the fleet: TLS at the front, two instances behind it (see docs/decisions/049). */
export interface HaproxyLayout {
  dir: string;
  /** The certificate and key in one PEM file (HAProxy's `crt`). */
  pem: string;
  /** The front door members use (both instances). */
  port: number;
  /** A second front door to instance `a` alone (the throughput comparison). */
  singlePort: number;
  servers: { name: string; port: number }[];
  /** Health-check interval (ms) and how many failed checks mark an instance down (rise: as many to come back). */
  checkIntervalMs: number;
  fall: number;
}

export function haproxyConfig(layout: HaproxyLayout): string {
  const servers = (check: string) =>
    layout.servers
      .map((server) => `  server ${server.name} 127.0.0.1:${String(server.port)} ${check}`)
      .join('\n');
  const pins = layout.servers
    .map((server) => `  use-server ${server.name} if { req.hdr(x-fleet-server) -m str ${server.name} }`)
    .join('\n');
  const check = `check inter ${String(layout.checkIntervalMs)} fall ${String(layout.fall)} rise ${String(layout.fall)}`;
  const front = (name: string, port: number, backend: string, fallback: string | null) => `
frontend ${name}
  bind 127.0.0.1:${String(port)} ssl crt ${layout.pem} alpn http/1.1
  # What real deployments send: the client's address, that it came over TLS, and the host it asked for.
  option forwardfor
  http-request set-header X-Forwarded-Proto https
  http-request set-header X-Forwarded-Host %[req.hdr(host)]
  # A request id made here (kept when the client sent one), logged by whichever instance answers.
  unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid
  http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
  # Which instance answered (the harness checks that a pinned browser's stream is on the instance it asked).
  http-response set-header X-Fleet-Served-By %[srv_name]
${fallback ? `  # No instance ready (PostgreSQL down for all): still to a live one, which answers 503 + Retry-After (API)\n  # and the app's page (HTML), not HAProxy's own 503.\n  use_backend ${backend} if { nbsrv(${backend}) gt 0 }\n  default_backend ${fallback}` : `  default_backend ${backend}`}
`;
  return `global
  maxconn 4096
  # Abnormal requests only (errors, 5xx, aborted), to the harness's log file: what to read when a case fails.
  log stderr format raw local0
  stats socket ${path.join(layout.dir, 'haproxy.sock')} mode 600 level admin
  tune.ssl.default-dh-param 2048

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option http-keep-alive
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  # Live notification streams stay open (the portal sends a heartbeat every 25 s).
  timeout tunnel 1h
  # A connection refused by a stopped instance is tried on another: the request never reached it. A request
  # sent on a reused connection that the instance closed without a byte of answer (it died) is not repeated
  # here: HAProxy closes the client's connection, and browsers send the request again (as HTTP/1.1 clients
  # do on a reused connection closed before any answer; the harness's client does the same, and counts it).
  retries 2
  option redispatch
  retry-on conn-failure
${front('portal', layout.port, 'ready', 'live')}
${front('portal_single', layout.singlePort, 'single', null)}
backend ready
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
${pins}
${servers(check)}

backend live
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
${pins}
${servers(check)}

backend single
  option httpchk GET /api/health/ready
  http-check expect status 200
  server ${layout.servers[0]?.name ?? 'a'} 127.0.0.1:${String(layout.servers[0]?.port ?? 0)} ${check}
`;
}

export class Haproxy extends Managed {
  constructor(
    readonly layout: HaproxyLayout,
    logDir: string,
  ) {
    const config = path.join(layout.dir, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(layout));
    super('haproxy', 'haproxy', ['-f', config, '-db'], {}, logDir);
  }

  async start(): Promise<void> {
    this.spawn();
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (!this.running) throw new Error(`HAProxy exited (${String(await this.exited)}):\n${this.tail()}`);
      try {
        await this.stats();
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`HAProxy did not start in 15 s:\n${this.tail()}`, { cause: error });
        await sleep(100);
      }
    }
  }

  /** A command on the admin socket, answered as text. */
  ask(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(path.join(this.layout.dir, 'haproxy.sock'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.once('error', reject);
      socket.once('end', () => {
        resolve(text);
      });
      socket.write(`${line}\n`);
    });
  }

  /** Each backend server's state: `UP`, `DOWN`, `UP 1/2` (going down), … */
  async stats(): Promise<Record<string, string>> {
    const csv = await this.ask('show stat');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = (header ?? '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      const server = cells[at('svname')] ?? '';
      if (server === 'FRONTEND' || server === 'BACKEND') continue;
      states[`${cells[at('pxname')] ?? ''}/${server}`] = cells[at('status')] ?? '';
    }
    return states;
  }

  /** Waits until HAProxy's health checks see `server` (in the `ready` backend) in `state`. */
  async waitFor(server: string, state: 'UP' | 'DOWN', timeoutMs = 30_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const current = (await this.stats())[`ready/${server}`] ?? '';
      if (current === state) return Date.now() - started;
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `HAProxy did not see ${server} ${state} in ${String(timeoutMs)} ms (it says ${current})`,
        );
      await sleep(50);
    }
  }
}

// CPU time from /proc (utime + stime), for "where does the time go" in the throughput runs.
const TICKS_PER_SECOND = 100;

function processStat(pid: number): { ppid: number; cpuMs: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** CPU ms of a process and every descendant of it (a PostgreSQL server and its backends). */
export function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() ?? 0;
    total += processStat(pid)?.cpuMs ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** The whole machine's busy CPU time (ms, all cores) from /proc/stat: what every process used. */
export function machineBusyMs(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}

/** The pid of the PostgreSQL server listening on `port` (its postmaster), from /proc. */
export function postmasterPid(port: number): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = cmdline.indexOf('-p');
      if (path.basename(cmdline[0] ?? '') === 'postgres' && at >= 0 && cmdline[at + 1] === String(port))
        return Number(entry);
    } catch {
      // gone
    }
  }
  return null;
}
