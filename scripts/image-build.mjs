// `npm run image:build [-- --out DIR] [--keep] [--plan] [--database-url URL | --throwaway-database URL]
// [--time-limit SECONDS]`: the Dockerfile's build,
// without a container daemon (decision 048). It reads the Dockerfile (dockerfile-ast) and .dockerignore and
// performs their steps in a staging folder — one folder per stage standing in for its root file system —
// then proves the runtime stage runs as the image would: as the Dockerfile's USER (when run as root), with
// the application's files not writable by it, on the production dependencies the runtime stage installed
// (`npm ci --omit=dev`), from its own entry points: `keys.js` makes the shared secrets, `migrate.js`
// applies the migrations, the CMD (`server.js`) answers the Dockerfile's HEALTHCHECK and readiness, and
// `jobs.js` runs the job runner until SIGTERM.
//
// What it cannot do is what only a container runtime does: the base image (the Node that runs this script
// stands in for node:24's), namespaces, the image's layers and their sizes. `--plan` prints the parsed
// steps as JSON and checks that every COPY source exists and is not left out by .dockerignore (fast: the
// tooling tests run it). `--throwaway-database URL` names a PostgreSQL server (any database on it): a fresh
// database is made there for the run and dropped after it, as CI does (scripts/ci.mjs). `--time-limit`
// bounds the whole run: a step still running then is killed and the run fails.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DockerfileParser } from 'dockerfile-ast';

export const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * The Dockerfile as stages of steps:
 * { name, image, steps: [{ kind: 'workdir', path } | { kind: 'env', vars } | { kind: 'copy', from, sources, dest, chown }
 *   | { kind: 'run', command, cacheTargets } | { kind: 'user', user } | { kind: 'volume', paths } | { kind: 'expose', ports }
 *   | { kind: 'healthcheck', options, argv } | { kind: 'cmd', argv }] }
 */
export function parseDockerfile(text) {
  const dockerfile = DockerfileParser.parse(text);
  const stages = [];
  const flagsOf = (instruction) =>
    Object.fromEntries((instruction.getFlags?.() ?? []).map((flag) => [flag.getName(), flag.getValue()]));
  const jsonArray = (content, keyword) => {
    let value;
    try {
      value = JSON.parse(content);
    } catch {
      throw new Error(`${keyword} must use the JSON (exec) form: ${content}`);
    }
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      throw new Error(`${keyword} must be a JSON array of strings`);
    return value;
  };
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    const content = instruction.getArgumentsContent() ?? '';
    const args = instruction.getArguments().map((argument) => argument.getValue());
    if (keyword === 'FROM') {
      stages.push({
        name: instruction.getBuildStage() ?? String(stages.length),
        image: instruction.getImage(),
        steps: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before FROM`);
    const flags = flagsOf(instruction);
    switch (keyword) {
      case 'WORKDIR':
        stage.steps.push({ kind: 'workdir', path: content.trim() });
        break;
      case 'ENV':
        stage.steps.push({
          kind: 'env',
          vars: Object.fromEntries(
            instruction.getProperties().map((property) => [property.getName(), property.getValue() ?? '']),
          ),
        });
        break;
      case 'COPY': {
        if (Object.keys(flags).some((flag) => !['from', 'chown'].includes(flag)))
          throw new Error(
            `COPY flags other than --from and --chown are not followed: ${instruction.toString()}`,
          );
        const dest = args.at(-1);
        const sources = args.slice(0, -1);
        if (sources.some((source) => /[*?[]/.test(source)))
          throw new Error(`COPY sources must be plain paths (no wildcards): ${sources.join(' ')}`);
        stage.steps.push({
          kind: 'copy',
          from: flags.from ?? null,
          sources,
          dest,
          chown: flags.chown ?? null,
        });
        break;
      }
      case 'RUN': {
        if (content.trim().startsWith('[')) throw new Error('RUN must use the shell form');
        const cacheTargets = Object.entries(flags)
          .filter(([name]) => name === 'mount')
          .map(([, value]) =>
            Object.fromEntries(
              String(value)
                .split(',')
                .map((pair) => pair.split('=')),
            ),
          )
          .filter((mount) => mount.type === 'cache')
          .map((mount) => mount.target);
        stage.steps.push({
          kind: 'run',
          command: content.replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim(),
          cacheTargets,
        });
        break;
      }
      case 'USER':
        stage.steps.push({ kind: 'user', user: content.trim() });
        break;
      case 'VOLUME':
        stage.steps.push({
          kind: 'volume',
          paths: content.trim().startsWith('[') ? jsonArray(content, keyword) : args,
        });
        break;
      case 'EXPOSE':
        stage.steps.push({ kind: 'expose', ports: args });
        break;
      case 'HEALTHCHECK': {
        const body = content.replace(/^CMD\s+/, '');
        stage.steps.push({
          kind: 'healthcheck',
          options: flags,
          argv: content.trim() === 'NONE' ? null : jsonArray(body, keyword),
        });
        break;
      }
      case 'CMD':
        stage.steps.push({ kind: 'cmd', argv: jsonArray(content, keyword) });
        break;
      case 'ARG':
      case 'LABEL':
      case 'STOPSIGNAL':
        stage.steps.push({ kind: keyword.toLowerCase(), value: content });
        break;
      default:
        throw new Error(
          `${keyword} is not followed by scripts/image-build.mjs: add it there, or do without it`,
        );
    }
  }
  return { stages };
}

/** The .dockerignore patterns (Docker's syntax: `**`, `*`, `?`; `!` re-includes). */
export function readDockerignore(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = path.posix.normalize((negated ? line.slice(1) : line).replace(/^\/+/, ''));
      const source = pattern
        .split('/')
        .map((part) =>
          part === '**'
            ? '(?:.*)'
            : part
                .replace(/[.+^${}()|\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\(\?:\.\*\)\//g, '(?:.*/)?');
      return { negated, pattern, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
}

/** Whether the context path (relative, `/`-separated) is left out of the build context. */
export function isIgnored(relative, patterns) {
  let ignored = false;
  for (const { negated, regex } of patterns) if (regex.test(relative)) ignored = !negated;
  return ignored;
}

const contextPatterns = () => readDockerignore(fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8'));

/** Problems with the COPY steps: a context source that is missing or that .dockerignore leaves out, an unknown stage. */
export function checkPlan(plan, patterns = contextPatterns()) {
  const problems = [];
  const names = new Set();
  for (const stage of plan.stages) {
    for (const step of stage.steps) {
      if (step.kind !== 'copy') continue;
      if (step.from !== null) {
        if (!names.has(step.from)) problems.push(`COPY --from=${step.from}: no earlier stage of that name`);
        continue;
      }
      for (const source of step.sources) {
        const relative = path.posix.normalize(source);
        if (relative === '.') continue;
        if (!fs.existsSync(path.join(repoRoot, relative)))
          problems.push(`COPY ${source}: not in the build context`);
        else if (isIgnored(relative, patterns)) problems.push(`COPY ${source}: left out by .dockerignore`);
      }
    }
    names.add(stage.name);
  }
  return problems;
}

/** Copies a context path into the stage, leaving out what .dockerignore does. */
function copyFromContext(source, dest, patterns) {
  const walk = (relative, target) => {
    if (relative !== '' && isIgnored(relative, patterns)) return;
    const from = path.join(repoRoot, relative);
    const stat = fs.lstatSync(from);
    if (stat.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
      for (const entry of fs.readdirSync(from))
        walk(relative === '' ? entry : `${relative}/${entry}`, path.join(target, entry));
    } else if (stat.isSymbolicLink()) {
      fs.symlinkSync(fs.readlinkSync(from), target);
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(from, target);
    }
  };
  walk(source === '.' ? '' : path.posix.normalize(source), dest);
}

/** COPY's destination rules: a directory's contents go into dest; a file into dest when it names a folder (`…/`, or several sources). */
function copyTarget(sourcePath, dest, intoFolder) {
  if (fs.statSync(sourcePath).isDirectory()) return dest;
  return intoFolder ? path.join(dest, path.basename(sourcePath)) : dest;
}

const log = (line) => console.log(`[image-build] ${line}`);

/** The staged commands running now (killed when the time limit is spent). */
const running = new Set();

/** When the run must be over (`--time-limit`): every command it starts is killed by then. */
let deadline = Number.POSITIVE_INFINITY;
/** What is left of the time limit for a step that may take `atMostMs`, in ms (at least 1). */
export function timeLeft(atMostMs = Number.POSITIVE_INFINITY) {
  const left = Math.min(atMostMs, deadline - Date.now());
  if (left <= 0) throw new Error('the time limit (--time-limit) is spent');
  return Number.isFinite(left) ? Math.max(1, Math.round(left)) : undefined;
}

/** A stage's view of container paths: absolute paths under its root, relative ones under its WORKDIR. */
function stageFiles(root) {
  let workdir = '/';
  return {
    root,
    get workdir() {
      return workdir;
    },
    set workdir(value) {
      workdir = path.posix.resolve(workdir, value);
    },
    host: (containerPath) => path.join(root, path.posix.resolve(workdir, containerPath)),
  };
}

function numericUser(user) {
  const [uid, gid = uid] = user.split(':');
  if (!/^\d+$/.test(uid) || !/^\d+$/.test(gid)) throw new Error(`USER ${user}: use numbers (uid:gid)`);
  return { uid: Number(uid), gid: Number(gid) };
}

/** Performs every stage's steps under `out`; returns what the last stage runs. */
export function buildStages(plan, out) {
  const patterns = contextPatterns();
  const built = new Map();
  let last = null;
  for (const stage of plan.stages) {
    const started = Date.now();
    const files = stageFiles(path.join(out, stage.name));
    // The base image's Node: the one running this script (Node 24, as node:24's is).
    const nodeDir = path.join(files.root, 'usr/local/bin');
    fs.mkdirSync(nodeDir, { recursive: true });
    fs.copyFileSync(process.execPath, path.join(nodeDir, 'node'));
    fs.chmodSync(path.join(nodeDir, 'node'), 0o755);
    const env = {};
    const result = { name: stage.name, files, env, user: null, healthcheck: null, cmd: null, volumes: [] };
    log(
      `stage ${stage.name} (FROM ${stage.image}) in ${path.relative(process.cwd(), files.root) || files.root}`,
    );
    for (const step of stage.steps) {
      switch (step.kind) {
        case 'workdir':
          files.workdir = step.path;
          fs.mkdirSync(files.host('.'), { recursive: true });
          break;
        case 'env':
          Object.assign(env, step.vars);
          break;
        case 'copy': {
          const many = step.sources.length > 1 || step.dest.endsWith('/') || step.dest === '.';
          const dest = files.host(step.dest);
          for (const source of step.sources) {
            if (step.from === null) {
              const target = copyTarget(path.join(repoRoot, source), dest, many);
              copyFromContext(source, target, patterns);
            } else {
              const from = built.get(step.from);
              if (!from) throw new Error(`COPY --from=${step.from}: no such stage`);
              const sourcePath = from.files.host(source);
              fs.cpSync(sourcePath, copyTarget(sourcePath, dest, many), {
                recursive: true,
                verbatimSymlinks: true,
              });
            }
          }
          if (step.chown && process.getuid?.() === 0) {
            const { uid, gid } = numericUser(step.chown);
            execFileSync('chown', ['-R', `${String(uid)}:${String(gid)}`, dest]);
          }
          log(`  COPY ${step.from ? `--from=${step.from} ` : ''}${step.sources.join(' ')} ${step.dest}`);
          break;
        }
        case 'run': {
          // The stage's root stands in for `/`: absolute paths in the command name files under it.
          const command = step.command.replace(/(^|[\s=])\/(?=[A-Za-z])/g, `$1${files.root}/`);
          // A cache mount keeps the cache out of the image; here it is this machine's npm cache, never cleaned.
          const prelude = process.getuid?.() === 0 ? '' : 'chown() { echo "(chown skipped: not root)"; }; ';
          const runStarted = Date.now();
          // Under a time limit, coreutils' timeout runs it and, when it is spent, kills its whole process group
          // (npm and what npm starts; timeout too, so spawnSync sees SIGKILL): spawnSync's own timeout would
          // kill the shell alone, and npm stops SIGTERM's default, going on alone after the shell is gone.
          const left = timeLeft();
          const shell = ['sh', '-c', prelude + command];
          const [runCommand, ...runArgs] =
            left === undefined
              ? shell
              : ['timeout', '--signal=KILL', `${String(Math.ceil(left / 1000))}s`, ...shell];
          const run = spawnSync(runCommand, runArgs, {
            cwd: files.host('.'),
            stdio: 'inherit',
            env: { ...process.env, ...env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH ?? ''}` },
          });
          if (
            left !== undefined &&
            (run.signal === 'SIGKILL' || run.status === 137) &&
            Date.now() >= deadline
          )
            throw new Error(`RUN ${step.command} was stopped: the time limit (--time-limit) is spent`);
          if (run.status !== 0)
            throw new Error(`RUN ${step.command} failed (exit code ${String(run.status)})`);
          log(`  RUN ${step.command} (${((Date.now() - runStarted) / 1000).toFixed(1)} s)`);
          break;
        }
        case 'user':
          result.user = numericUser(step.user);
          break;
        case 'volume':
          result.volumes.push(...step.paths);
          break;
        case 'healthcheck':
          result.healthcheck = step.argv;
          break;
        case 'cmd':
          result.cmd = step.argv;
          break;
        default:
          break;
      }
    }
    log(`stage ${stage.name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    built.set(stage.name, result);
    last = result;
  }
  return last;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address.port));
    });
  });

/** Runs a command of the runtime stage as its USER with the image's environment; resolves with its output. */
function runInImage(image, argv, env, { untilLine, timeoutMs: atMostMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const timeoutMs = timeLeft(atMostMs);
    const [command, ...args] = argv;
    const binary = command === 'node' ? path.join(image.files.root, 'usr/local/bin/node') : command;
    const asUser = process.getuid?.() === 0 && image.user ? image.user : {};
    const child = spawn(binary, args, {
      cwd: image.files.host('.'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...asUser,
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${argv.join(' ')} took over ${String(timeoutMs)} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (untilLine && untilLine.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (untilLine)
        reject(new Error(`${argv.join(' ')} exited (${String(code)}) before it was ready:\n${output}`));
      else if (code === 0) resolve({ output: () => output });
      else reject(new Error(`${argv.join(' ')} exited with ${String(code)}:\n${output}`));
    });
  });
}

const stopped = (child) => new Promise((resolve) => child.once('close', (code) => resolve(code)));

/** Starts the runtime stage's entry points and checks each, as the image would run them. */
export async function proveRuntime(image, out, options = {}) {
  if (!image.cmd) throw new Error('the last stage has no CMD');
  // The writable places: the volume(s) and /tmp (a tmpfs in the image's instructions); nothing else.
  const tmp = path.join(out, 'tmp');
  fs.mkdirSync(tmp, { recursive: true, mode: 0o1777 });
  fs.chmodSync(tmp, 0o1777);
  const port = await freePort();
  const imageEnv = Object.fromEntries(
    Object.entries(image.env).map(([name, value]) => [
      name,
      image.volumes.includes(value) ? image.files.host(value) : value,
    ]),
  );
  const base = {
    PATH: `${path.join(image.files.root, 'usr/local/bin')}${path.delimiter}/usr/bin:/bin`,
    HOME: tmp,
    TMPDIR: tmp,
    ...imageEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
    // Production needs a processor: one that is never reached here (health does not call it).
    PROCESSOR_URL: 'http://127.0.0.1:9',
    PROCESSOR_API_KEY: 'sk_image_build_not_a_real_key',
    PROCESSOR_WEBHOOK_SECRET: 'whsec_image_build_not_a_real_secret',
    MIGRATE_AT_START: 'false',
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  for (const volume of image.volumes) {
    const dir = image.files.host(volume);
    fs.mkdirSync(dir, { recursive: true });
  }

  // The image's files belong to root and the process runs as USER: a write outside the volume and /tmp fails.
  if (process.getuid?.() === 0 && image.user) {
    const appOwner = fs.statSync(image.files.host('.'));
    if (appOwner.uid === image.user.uid)
      throw new Error('the application files belong to the USER: the process could change its own code');
  }

  const keys = await runInImage(image, ['node', 'apps/server/dist/keys.js'], base);
  const secrets = Object.fromEntries(
    keys
      .output()
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  if (!secrets.IDP_SIGNING_JWK || !secrets.PORTAL_SIGNING_JWK || !secrets.IDP_COOKIE_SECRET)
    throw new Error(`keys.js printed no keys:\n${keys.output()}`);
  log(`keys.js: ${Object.keys(secrets).join(', ')}`);
  const env = { ...base, ...secrets };

  // The migrations need the database alone (a migration Job gets no keys and no processor).
  const migrate = await runInImage(image, ['node', 'apps/server/dist/migrate.js'], {
    PATH: base.PATH,
    HOME: tmp,
    TMPDIR: tmp,
    ...imageEnv,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  log(`migrate.js: ${migrate.output().trim()}`);

  const started = Date.now();
  const server = await runInImage(image, image.cmd, env, { untilLine: /is running/ });
  let serverExit;
  log(`${image.cmd.join(' ')}: listening after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const live = await fetch(`http://127.0.0.1:${String(port)}/api/health/live`);
    const ready = await fetch(`http://127.0.0.1:${String(port)}/api/health/ready`);
    const readiness = await ready.json();
    log(
      `GET /api/health/live ${String(live.status)}; GET /api/health/ready ${String(ready.status)} ${JSON.stringify(readiness.checks)}`,
    );
    if (live.status !== 200 || ready.status !== 200)
      throw new Error(`the staged server is not healthy:\n${server.output()}`);
    // Memory, for the manifests' requests (deploy/kubernetes): after start, and after 2,000 readiness checks
    // (each a database round trip) ten at a time.
    const rssAtStart = residentMegabytes(server.child.pid);
    const deadline = Date.now() + 30_000;
    let sent = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (sent < 2_000 && Date.now() < deadline) {
          sent += 1;
          await (await fetch(`http://127.0.0.1:${String(port)}/api/health/ready`)).arrayBuffer();
        }
      }),
    );
    log(
      `server resident memory: ${String(rssAtStart)} MB after start, ${String(residentMegabytes(server.child.pid))} MB after ${String(sent)} readiness checks`,
    );
    if (image.healthcheck) {
      const check = spawnSync(path.join(image.files.root, 'usr/local/bin/node'), image.healthcheck.slice(1), {
        env,
        timeout: timeLeft(10_000),
      });
      log(`HEALTHCHECK ${image.healthcheck.slice(0, 2).join(' ')} …: exit code ${String(check.status)}`);
      if (check.status !== 0) throw new Error('the Dockerfile HEALTHCHECK fails against the staged server');
    }
  } finally {
    server.child.kill('SIGTERM');
    serverExit = await stopped(server.child);
    log(`server stopped on SIGTERM with exit code ${String(serverExit)}`);
  }
  if (serverExit !== 0)
    throw new Error(`the server exited with ${String(serverExit)} on SIGTERM:\n${server.output()}`);

  // The job runner (after the server: the embedded database is one process's).
  const runner = await runInImage(image, ['node', 'apps/server/dist/jobs.js'], env, {
    untilLine: /Job runner .* is running/,
  });
  const runnerLine =
    runner
      .output()
      .split('\n')
      .find((line) => line.includes('Job runner')) ?? '';
  log(`jobs.js: ${runnerLine.trim()}`);
  runner.child.kill('SIGTERM');
  const runnerCode = await stopped(runner.child);
  log(`job runner stopped on SIGTERM with exit code ${String(runnerCode)}`);
  if (runnerCode !== 0)
    throw new Error(`the job runner exited with ${String(runnerCode)}:\n${runner.output()}`);
}

/** A process's resident memory (Linux /proc), in MB. */
function residentMegabytes(pid) {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kilobytes / 1024);
}

function du(target) {
  const result = spawnSync('du', ['-sm', target], { encoding: 'utf8' });
  return `${result.stdout.split('\t')[0] ?? '?'} MB`;
}

/**
 * A fresh database on the PostgreSQL server `serverUrl` names, for one run: `{ url, drop }`. Its name says
 * whose it is (image_build_<pid>_<time>); `drop` removes it, connections and all.
 */
export async function throwawayDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `image_build_${String(process.pid)}_${String(Date.now())}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Linux's tmpfs, in statfs's `type`. */
const TMPFS_MAGIC = 0x01021994;

/**
 * Where the staging folder goes: /dev/shm when it is a tmpfs with room to spare, else the system's
 * temporary folder. The two stages write about 1.4 GB in tens of thousands of files; on this machine's
 * ext4 (mounted with `discard`) removing them took 50-134 s, longer than building them, and in memory
 * it takes a second or two.
 */
export function stagingParent(needBytes = 4 * 2 ** 30) {
  try {
    const stats = fs.statfsSync('/dev/shm');
    if (stats.type === TMPFS_MAGIC && stats.bavail * stats.bsize >= needBytes) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return os.tmpdir();
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      keep: { type: 'boolean', default: false },
      plan: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      'throwaway-database': { type: 'string' },
      'time-limit': { type: 'string' },
    },
    strict: true,
  });
  const plan = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  const problems = checkPlan(plan);
  if (values.plan) {
    console.log(JSON.stringify({ ...plan, problems }, null, 2));
    process.exit(problems.length === 0 ? 0 : 1);
  }
  if (problems.length > 0) {
    console.error(`The Dockerfile cannot be built:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  if (values['database-url'] && values['throwaway-database']) {
    console.error('Give --database-url or --throwaway-database, not both.');
    process.exit(2);
  }
  const started = Date.now();
  if (values['time-limit'] !== undefined) {
    const seconds = Number(values['time-limit']);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      console.error(`--time-limit takes a number of seconds, not ${values['time-limit']}`);
      process.exit(2);
    }
    deadline = started + seconds * 1000;
    // A wait that no step bounds (a request to the staged server): the run ends anyway, a little after.
    setTimeout(
      () => {
        console.error(`[image-build] over the time limit of ${String(seconds)} s: stopping`);
        for (const child of running) child.kill('SIGKILL');
        process.exit(1);
      },
      seconds * 1000 + 15_000,
    ).unref();
  }
  const out = values.out
    ? path.resolve(values.out)
    : fs.mkdtempSync(path.join(stagingParent(), 'portal-image-'));
  fs.mkdirSync(out, { recursive: true });
  fs.chmodSync(out, 0o755);
  let ok = false;
  let database = null;
  try {
    const image = buildStages(plan, out);
    log(
      `runtime stage: application ${du(image.files.host('.'))}, of which node_modules ${du(image.files.host('node_modules'))}`,
    );
    if (values['throwaway-database']) {
      database = await throwawayDatabase(values['throwaway-database']);
      log(`database ${database.name}, made for this run`);
    }
    await proveRuntime(image, out, { databaseUrl: database?.url ?? values['database-url'] });
    ok = true;
    log(
      `done in ${((Date.now() - started) / 1000).toFixed(0)} s: the image's steps build, and its entry points run on its production dependencies`,
    );
  } finally {
    if (database) {
      await database.drop();
      log(`database ${database.name} dropped`);
    }
    if (values.keep || !ok) log(`staging folder kept: ${out}`);
    else {
      // Two stages' node_modules, tens of thousands of files: timed, as it is part of what CI waits for
      // (see stagingParent).
      const removing = Date.now();
      const removed = spawnSync('rm', ['-rf', out], { stdio: 'inherit' });
      if (removed.status !== 0) fs.rmSync(out, { recursive: true, force: true });
      log(`staging folder removed in ${((Date.now() - removing) / 1000).toFixed(1)} s`);
    }
  }
}
