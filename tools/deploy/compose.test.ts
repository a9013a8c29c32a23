import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DCLinter } from 'dclint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { settingsReference } from '../../apps/server/src/settings-reference';

const root = path.resolve(import.meta.dirname, '../..');
const composeFile = path.join(root, 'deploy/compose.yaml');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const settings = new Map(settingsReference().map((setting) => [setting.name, setting]));

interface Service {
  image: string;
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  read_only?: boolean;
  tmpfs?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  healthcheck?: { disable?: boolean };
}

/** dclint: the Compose Specification's JSON schema (unknown keys refused) and its rules (pinned image tags, …). */
function lint(text: string): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compose-lint-')), 'compose.yaml');
  fs.writeFileSync(file, text);
  try {
    const linter = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] });
    return linter
      .lintFiles([file], false)
      .flatMap((result) => result.messages.map((message) => `${message.rule}: ${message.message}`));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1] ?? 10);

/** What deploy/compose.yaml must say about the portal (decision 048). */
function composeProblems(text: string): string[] {
  const problems = lint(text);
  if (problems.some((problem) => problem.startsWith('invalid-'))) return problems;
  const { services } = parse(text) as { services: Record<string, Service> };
  const portal = ['web', 'jobs', 'migrate'];
  for (const name of [...portal, 'postgres', 'redis'])
    if (!services[name]) problems.push(`no ${name} service`);
  if (problems.length > 0) return problems;
  for (const name of portal) {
    const service = services[name]!;
    if (service.image !== `member-portal:${version}`)
      problems.push(`${name}: image member-portal:${version} (package.json's version)`);
    if (service.read_only !== true || !service.tmpfs?.includes('/tmp'))
      problems.push(`${name}: read-only root file system with a tmpfs /tmp`);
    for (const variable of Object.keys(service.environment ?? {}))
      if (!settings.has(variable)) problems.push(`${name}: ${variable} is not a setting of the portal`);
    if (name !== 'migrate') {
      if (service.depends_on?.migrate?.condition !== 'service_completed_successfully')
        problems.push(`${name}: starts after the migrations succeeded`);
      if (service.environment?.MIGRATE_AT_START !== 'false')
        problems.push(`${name}: MIGRATE_AT_START=false (the migrate service migrates)`);
      if (!service.volumes?.some((volume) => volume.endsWith(':/data')))
        problems.push(`${name}: a volume at /data (DATA_DIR)`);
    }
  }
  const { web, jobs, migrate } = services as Record<'web' | 'jobs' | 'migrate', Service>;
  if (web.environment?.JOBS !== 'false') problems.push('web: JOBS=false (the jobs service runs the workers)');
  if (jobs.command?.join(' ') !== 'node apps/server/dist/jobs.js')
    problems.push('jobs: node apps/server/dist/jobs.js');
  if (migrate.command?.join(' ') !== 'node apps/server/dist/migrate.js')
    problems.push('migrate: node apps/server/dist/migrate.js');
  const drain = Number(web.environment?.SHUTDOWN_DRAIN_MS ?? 5_000) / 1000;
  const timeout = Number(web.environment?.SHUTDOWN_TIMEOUT_MS ?? 10_000) / 1000;
  if (seconds(web.stop_grace_period) < drain + timeout)
    problems.push('web: stop_grace_period must cover SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS');
  if (seconds(jobs.stop_grace_period) < 45)
    problems.push('jobs: stop_grace_period ≥ 45s (a running billing day finishes)');
  if (jobs.healthcheck?.disable !== true)
    problems.push("jobs: the image's HEALTHCHECK asks the web process's route; turn it off for the runner");
  return problems;
}

describe('deploy/compose.yaml (decision 048)', () => {
  const text = fs.readFileSync(composeFile, 'utf8');

  it('passes dclint (the Compose Specification schema and its rules) and says what the portal needs', () => {
    expect(composeProblems(text)).toEqual([]);
  });

  it('fails on an invalid file: an unknown key, an unpinned image, and each rule', () => {
    const broken = (from: string, to: string) => {
      expect(text, from).toContain(from);
      return composeProblems(text.replace(from, to)).join('\n');
    };
    expect(broken('    read_only: true\n', '    readonly: true\n')).toMatch(/invalid-schema/);
    expect(broken('image: redis:7.4.2-bookworm', 'image: redis:latest')).toMatch(
      /service-image-require-explicit-tag/,
    );
    expect(broken("      JOBS: 'false'\n", '')).toMatch(/JOBS=false/);
    expect(broken('condition: service_completed_successfully', 'condition: service_started')).toMatch(
      /after the migrations succeeded/,
    );
    expect(broken('    stop_grace_period: 20s', '    stop_grace_period: 5s')).toMatch(
      /stop_grace_period must cover/,
    );
    expect(broken('      REDIS_URL: redis://redis:6379\n', '      REDIS_URI: redis://redis:6379\n')).toMatch(
      /REDIS_URI is not a setting/,
    );
  });
});
