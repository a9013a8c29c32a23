import fs from 'node:fs';
import path from 'node:path';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';

/** A Kubernetes object as read from YAML. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** The kinds deploy/kubernetes may hold, each with its model from kubernetes-models (the API's JSON schemas). */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Why an object is not a valid Kubernetes object of a kind we use (the JSON schema's errors), or []. */
export function schemaProblems(object: KubeObject): string[] {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model)
    return [
      `${object.apiVersion}/${object.kind} ${object.metadata.name}: not a kind deploy/kubernetes uses (add its model to tools/deploy/manifests.ts)`,
    ];
  try {
    new Model(object as never).validate();
    return [];
  } catch (error) {
    return [
      `${object.kind} ${object.metadata.name}: ${error instanceof Error ? error.message : String(error)}`,
    ];
  }
}

/** Every document of a YAML file; a YAML error is thrown with the file's name. */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(fs.readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length > 0)
      throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS() as unknown;
  });
}

export interface Kustomization {
  resources?: string[];
  images: { name: string; newName: string; newTag: string }[];
  secretGenerator: { name: string; envs: string[] }[];
}

/** The fields our kustomization.yaml may use: a typo in one would be ignored by kustomize, so it is refused here. */
const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'labels',
  'resources',
  'images',
  'secretGenerator',
  'configMapGenerator',
  'generatorOptions',
  'namespace',
  'patches',
]);

export function readKustomization(dir: string): {
  kustomization: Kustomization;
  objects: KubeObject[];
  problems: string[];
} {
  const [document] = readYamlDocuments(path.join(dir, 'kustomization.yaml')) as Record<string, unknown>[];
  const problems: string[] = [];
  if (
    !document ||
    document.apiVersion !== 'kustomize.config.k8s.io/v1beta1' ||
    document.kind !== 'Kustomization'
  )
    problems.push('kustomization.yaml: not a Kustomization');
  for (const field of Object.keys(document ?? {}))
    if (!KUSTOMIZATION_FIELDS.has(field)) problems.push(`kustomization.yaml: unknown field ${field}`);
  const kustomization = document as unknown as Kustomization;
  const objects = (kustomization.resources ?? []).flatMap(
    (resource) => readYamlDocuments(path.join(dir, resource)) as KubeObject[],
  );
  return { kustomization, objects, problems };
}
