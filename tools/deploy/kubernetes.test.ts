import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { settingsReference } from '../../apps/server/src/settings-reference';
import { readKustomization, schemaProblems, type KubeObject } from './manifests';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'deploy/kubernetes');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const settings = new Map(settingsReference().map((setting) => [setting.name, setting]));
/** Node's own variables a manifest may set beside the portal's settings. */
const NODE_VARIABLES = new Set(['NODE_OPTIONS']);

const clone = <T>(value: T): T => structuredClone(value);
const named = (objects: KubeObject[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const podOf = (object: KubeObject): IPodSpec =>
  (object as unknown as IDeployment | IJob).spec?.template.spec ?? { containers: [] };
const containerOf = (object: KubeObject): IContainer => {
  const container = podOf(object).containers[0];
  if (!container) throw new Error(`${object.metadata.name} has no container`);
  return container;
};
const envOf = (container: IContainer) =>
  new Map((container.env ?? []).map((variable) => [variable.name, variable.value ?? '']));

/**
 * What the manifests must say about the portal (decision 048), beyond the API's schemas: the probes on the
 * right routes, a grace period that covers the drain, the job runner and the migration Job, the settings
 * known and the secrets out of the ConfigMap.
 */
export function manifestProblems(objects: KubeObject[]): string[] {
  const problems = objects.flatMap(schemaProblems);
  if (problems.length > 0) return problems;
  const config = (named(objects, 'ConfigMap', 'portal-config') as unknown as { data: Record<string, string> })
    .data;
  for (const name of Object.keys(config)) {
    const setting = settings.get(name);
    if (!setting)
      problems.push(`ConfigMap portal-config: ${name} is not a setting of the portal (docs/OPERATIONS.md)`);
    else if (setting.secret)
      problems.push(`ConfigMap portal-config: ${name} is a secret: put it in a Secret`);
  }
  const drainMs = Number(config.SHUTDOWN_DRAIN_MS ?? 5_000);
  const timeoutMs = Number(config.SHUTDOWN_TIMEOUT_MS ?? 10_000);
  if (config.MIGRATE_AT_START !== 'false')
    problems.push('ConfigMap portal-config: MIGRATE_AT_START must be "false": the migration Job migrates');

  const web = named(objects, 'Deployment', 'portal-web') as unknown as IDeployment & KubeObject;
  const webPod = podOf(web);
  const webContainer = containerOf(web);
  if ((web.spec?.replicas ?? 1) < 2) problems.push('Deployment portal-web: at least 2 replicas');
  if (envOf(webContainer).get('JOBS') !== 'false')
    problems.push('Deployment portal-web: JOBS=false (the job runner runs the workers)');
  if (webContainer.readinessProbe?.httpGet?.path !== '/api/health/ready')
    problems.push(
      'Deployment portal-web: readiness on /api/health/ready (database, migrations, job queue, draining)',
    );
  if (webContainer.livenessProbe?.httpGet?.path !== '/api/health/live')
    problems.push('Deployment portal-web: liveness on /api/health/live (the process, never the database)');
  const readiness = webContainer.readinessProbe;
  if (readiness && (readiness.periodSeconds ?? 10) * (readiness.failureThreshold ?? 3) * 1000 > drainMs) {
    problems.push(
      'Deployment portal-web: SHUTDOWN_DRAIN_MS must outlast the readiness probe noticing (period × failureThreshold)',
    );
  }
  if ((webPod.terminationGracePeriodSeconds ?? 30) * 1000 < drainMs + timeoutMs + 5_000) {
    problems.push(
      'Deployment portal-web: terminationGracePeriodSeconds must cover SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS and 5 s',
    );
  }
  if (web.spec?.strategy?.rollingUpdate?.maxUnavailable !== 0)
    problems.push(
      'Deployment portal-web: maxUnavailable 0 (a new instance serves once ready; none is taken away first)',
    );

  const jobs = named(objects, 'Deployment', 'portal-jobs');
  const jobsContainer = containerOf(jobs);
  if (jobsContainer.command?.join(' ') !== 'node apps/server/dist/jobs.js')
    problems.push('Deployment portal-jobs: runs node apps/server/dist/jobs.js');
  if ((podOf(jobs).terminationGracePeriodSeconds ?? 30) < 45)
    problems.push(
      'Deployment portal-jobs: terminationGracePeriodSeconds ≥ 45 (a running billing day finishes)',
    );

  const migration = objects.find((object) => object.kind === 'Job');
  if (!migration) problems.push('no migration Job');
  else {
    if (containerOf(migration).command?.join(' ') !== 'node apps/server/dist/migrate.js')
      problems.push(`Job ${migration.metadata.name}: runs node apps/server/dist/migrate.js`);
    if (migration.metadata.name !== `portal-migrate-${version.replace(/\./g, '-')}`)
      problems.push(
        `Job ${migration.metadata.name}: name it after the release (portal-migrate-${version.replace(/\./g, '-')}): one Job per release`,
      );
    if (podOf(migration).restartPolicy !== 'Never')
      problems.push(`Job ${migration.metadata.name}: restartPolicy Never (backoffLimit retries)`);
  }

  const pdb = named(objects, 'PodDisruptionBudget', 'portal-web') as unknown as {
    spec: { minAvailable?: number; selector: { matchLabels: Record<string, string> } };
  };
  const webLabels = web.spec?.template.metadata?.labels ?? {};
  const selects = (selector: Record<string, string>) =>
    Object.entries(selector).every(([key, value]) => webLabels[key] === value);
  if (!selects(pdb.spec.selector.matchLabels))
    problems.push('PodDisruptionBudget portal-web: selects the web pods');
  if ((pdb.spec.minAvailable ?? 0) < 1 || (pdb.spec.minAvailable ?? 0) >= (web.spec?.replicas ?? 1))
    problems.push('PodDisruptionBudget portal-web: 1 ≤ minAvailable < replicas');
  const service = named(objects, 'Service', 'portal') as unknown as {
    spec: { selector: Record<string, string>; ports: { targetPort: string }[] };
  };
  if (!selects(service.spec.selector)) problems.push('Service portal: selects the web pods');
  const ports = new Set((webContainer.ports ?? []).map((port) => port.name));
  for (const port of service.spec.ports)
    if (!ports.has(port.targetPort))
      problems.push(`Service portal: targetPort ${port.targetPort} is no port of the web container`);

  for (const object of [web, jobs, ...(migration ? [migration] : [])]) {
    const pod = podOf(object);
    const container = containerOf(object);
    if (container.image !== 'portal')
      problems.push(`${object.metadata.name}: image "portal" (kustomization.yaml sets the release's)`);
    if (pod.securityContext?.runAsNonRoot !== true) problems.push(`${object.metadata.name}: runAsNonRoot`);
    if (container.securityContext?.readOnlyRootFilesystem !== true)
      problems.push(`${object.metadata.name}: readOnlyRootFilesystem`);
    const mounts = new Set((container.volumeMounts ?? []).map((mount) => mount.mountPath));
    if (!mounts.has('/data') || !mounts.has('/tmp'))
      problems.push(`${object.metadata.name}: writable /data (DATA_DIR) and /tmp volumes`);
    if (
      !container.resources?.requests?.cpu ||
      !container.resources.requests.memory ||
      !container.resources.limits?.memory
    )
      problems.push(`${object.metadata.name}: CPU and memory requests and a memory limit`);
    for (const name of envOf(container).keys())
      if (!settings.has(name) && !NODE_VARIABLES.has(name))
        problems.push(`${object.metadata.name}: ${name} is not a setting of the portal`);
  }
  return problems;
}

describe('deploy/kubernetes (decision 048)', () => {
  const { kustomization, objects, problems } = readKustomization(dir);

  it("every manifest is a valid object of the Kubernetes API (kubernetes-models' JSON schemas), and kustomization.yaml uses known fields", () => {
    expect(problems).toEqual([]);
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual(
      [
        'ConfigMap/portal-config',
        'Deployment/portal-jobs',
        'PersistentVolumeClaim/portal-enrollment',
        'Deployment/portal-web',
        `Job/portal-migrate-${version.replace(/\./g, '-')}`,
        'PodDisruptionBudget/portal-web',
        'Service/portal',
      ].sort(),
    );
    expect(objects.flatMap(schemaProblems)).toEqual([]);
  });

  it('say what the portal needs: probes, drain, job runner, migration Job, known settings, no secret in the ConfigMap', () => {
    expect(manifestProblems(objects)).toEqual([]);
  });

  it("the release: the image tag and the migration Job are package.json's version", () => {
    expect(kustomization.images).toEqual([expect.objectContaining({ name: 'portal', newTag: version })]);
  });

  it('the secrets come from files npm run keys and the example make, never committed', () => {
    expect(kustomization.secretGenerator.map((generator) => generator.envs).flat()).toEqual([
      'keys.env',
      'connections.env',
    ]);
    const ignored = fs.readFileSync(path.join(root, '.gitignore'), 'utf8');
    expect(ignored).toMatch(/^deploy\/\*\*\/\*\.env$/m);
    const example = fs.readFileSync(path.join(dir, 'connections.env.example'), 'utf8');
    const names = example
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.slice(0, line.indexOf('=')));
    for (const name of names) expect(settings.get(name)?.secret, name).toBe(true);
  });

  it('fail on an invalid manifest: a schema error, and each rule', () => {
    const broken = (change: (objects: KubeObject[]) => void) => {
      const copy = clone(objects);
      change(copy);
      return manifestProblems(copy).join('\n');
    };
    const web = (copy: KubeObject[]) => named(copy, 'Deployment', 'portal-web') as unknown as IDeployment;
    const webContainer = (copy: KubeObject[]) => containerOf(named(copy, 'Deployment', 'portal-web'));
    expect(broken((copy) => ((web(copy).spec as { replicas: unknown }).replicas = 'two'))).toMatch(
      /replicas must be integer/,
    );
    expect(broken((copy) => delete (web(copy).spec as { selector?: unknown }).selector)).toMatch(
      /required property selector/,
    );
    expect(
      broken(
        (copy) => (webContainer(copy).ports = [{ name: 'http', containerPort: 'http' as unknown as number }]),
      ),
    ).toMatch(/containerPort must be integer/);
    expect(
      broken((copy) => copy.push({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'x' } })),
    ).toMatch(/not a kind deploy\/kubernetes uses/);
    expect(broken((copy) => ((web(copy).spec as { replicas: number }).replicas = 1))).toMatch(
      /at least 2 replicas/,
    );
    expect(
      broken(
        (copy) => (webContainer(copy).readinessProbe = { httpGet: { path: '/api/health', port: 'http' } }),
      ),
    ).toMatch(/readiness on \/api\/health\/ready/);
    expect(
      broken((copy) => (podOf(named(copy, 'Deployment', 'portal-web')).terminationGracePeriodSeconds = 10)),
    ).toMatch(/terminationGracePeriodSeconds must cover/);
    expect(broken((copy) => (webContainer(copy).env = []))).toMatch(/JOBS=false/);
    expect(
      broken(
        (copy) =>
          ((
            named(copy, 'ConfigMap', 'portal-config') as unknown as { data: Record<string, string> }
          ).data.DATABASE_URL = 'postgres://x'),
      ),
    ).toMatch(/DATABASE_URL is a secret/);
    expect(
      broken(
        (copy) =>
          ((
            named(copy, 'ConfigMap', 'portal-config') as unknown as { data: Record<string, string> }
          ).data.SHUTDOWN_DRAIN_MSS = '1'),
      ),
    ).toMatch(/SHUTDOWN_DRAIN_MSS is not a setting/);
    expect(broken((copy) => (webContainer(copy).securityContext = {}))).toMatch(/readOnlyRootFilesystem/);
  });
});
