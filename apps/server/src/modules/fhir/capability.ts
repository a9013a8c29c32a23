import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { PLANNET_PROFILES } from './directory-resources';
import { PATIENT_SCOPES } from '../../idp/smart';
import { PROFILES } from './member-resources';

/**
 * What the FHIR server says about itself (docs/decisions/053): the CapabilityStatement at /metadata and
 * the SMART configuration at /.well-known/smart-configuration. Both are built from the same lists the
 * routes serve, so they cannot promise an interaction or parameter the server refuses.
 */

const search = (name: string, type: 'token' | 'reference' | 'string' | 'date', documentation?: string) => ({
  name,
  type,
  ...(documentation ? { documentation } : {}),
});
const COMMON_SEARCH = [search('_lastUpdated', 'date', 'Prefixes eq, ne, gt, ge, lt, le, sa, eb.')];

function resource(
  type: CapabilityStatementRestResource['type'],
  profiles: readonly string[],
  params: ReturnType<typeof search>[],
  include: string[],
  documentation: string,
): CapabilityStatementRestResource {
  return {
    type,
    supportedProfile: [...profiles],
    documentation,
    interaction: [{ code: 'read' }, { code: 'search-type' }],
    ...(include.length > 0 ? { searchInclude: include } : {}),
    searchParam: [search('_id', 'token'), ...params, ...COMMON_SEARCH],
  };
}

export function capabilityStatement(base: string, version: string, issuerName: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: new Date().toISOString().slice(0, 10),
    publisher: issuerName,
    kind: 'instance',
    software: { name: 'Member portal FHIR server', version },
    implementation: { description: `${issuerName} Patient Access and Provider Directory API`, url: base },
    fhirVersion: '4.0.1',
    format: ['json'],
    instantiates: [
      'http://hl7.org/fhir/us/carin-bb/CapabilityStatement/c4bb',
      'http://hl7.org/fhir/us/davinci-pdex-plan-net/CapabilityStatement/plan-net',
    ],
    rest: [
      {
        mode: 'server',
        documentation:
          'Patient, Coverage and a broker agency Organization need a member’s bearer token and answer that member’s records only (and those of the dependents on policies they subscribe to). The directory (Practitioner, PractitionerRole, Location, Organization, InsurancePlan) is public and rate-limited. Paging: _count (at most 100) and the Bundle’s next link.',
        security: {
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            'OAuth 2.0 bearer tokens from the issuer’s consumer identity provider; see .well-known/smart-configuration.',
        },
        resource: [
          resource(
            'Patient',
            [PROFILES.patient],
            [search('identifier', 'token')],
            [],
            'The member in context and, for a subscriber, the dependents on their policies.',
          ),
          resource(
            'Coverage',
            [PROFILES.coverage],
            [
              search('patient', 'reference'),
              search('beneficiary', 'reference'),
              search('subscriber', 'reference'),
              search('status', 'token'),
            ],
            ['Coverage:payor', 'Coverage:beneficiary', 'Coverage:subscriber'],
            'One per member per policy: subscriber, beneficiary, relationship, period, payor, plan (HIOS plan id) and group classes.',
          ),
          resource(
            'Organization',
            [PLANNET_PROFILES.organization, PLANNET_PROFILES.network],
            [
              search('name', 'string'),
              search('type', 'token', 'OrgTypeCS: payer, prvgrp, ntwk.'),
              search('partof', 'reference'),
            ],
            [],
            'The issuer, practices and networks (public); a broker of record’s agency (the member’s token).',
          ),
          resource(
            'Practitioner',
            [PLANNET_PROFILES.practitioner],
            [
              search('name', 'string'),
              search('family', 'string'),
              search('given', 'string'),
              search('identifier', 'token'),
            ],
            [],
            'Practitioners of the provider directory.',
          ),
          resource(
            'PractitionerRole',
            [PLANNET_PROFILES.practitionerRole],
            [
              search('specialty', 'token', 'NUCC provider taxonomy codes; a bare code is taken as NUCC.'),
              search('location.address-postalcode', 'string'),
              search('location.address-city', 'string'),
              search('practitioner', 'reference'),
              search('organization', 'reference'),
              search('location', 'reference'),
              search('network', 'reference'),
            ],
            [
              'PractitionerRole:practitioner',
              'PractitionerRole:location',
              'PractitionerRole:organization',
              'PractitionerRole:network',
            ],
            'A practitioner at their practice: specialty, location, networks, new patients.',
          ),
          resource(
            'Location',
            [PLANNET_PROFILES.location],
            [
              search('address-postalcode', 'string'),
              search('address-city', 'string'),
              search('address-state', 'string'),
              search('organization', 'reference'),
            ],
            [],
            'Practice addresses.',
          ),
          resource(
            'InsurancePlan',
            [PLANNET_PROFILES.insurancePlan],
            [search('type', 'token'), search('name', 'string'), search('identifier', 'token')],
            [],
            'The plans the issuer holds, by HIOS plan id, with their network.',
          ),
        ],
      },
    ],
  };
}

/**
 * SMART App Launch's discovery document: the consumer identity provider's endpoints and what it supports
 * — OpenID Connect sign-in with PKCE and refresh tokens for registered public clients, and, when the
 * built-in provider runs and the issuer registered apps (decision 054), SMART standalone launch with the
 * patient in context and the patient scopes.
 */
export function smartConfiguration(publicUrl: string, consumerIssuer: string, smartLaunch: boolean) {
  const issuer = consumerIssuer || `${publicUrl}/idp/consumer`;
  if (smartLaunch) {
    return {
      issuer,
      jwks_uri: `${issuer}/jwks`,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      revocation_endpoint: `${issuer}/token/revocation`,
      userinfo_endpoint: `${issuer}/me`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: ['code'],
      scopes_supported: [
        'openid',
        'fhirUser',
        'launch/patient',
        'offline_access',
        'profile',
        'email',
        ...PATIENT_SCOPES,
      ],
      code_challenge_methods_supported: ['S256'],
      capabilities: [
        'launch-standalone',
        'client-public',
        'sso-openid-connect',
        'context-standalone-patient',
        'permission-patient',
        'permission-offline',
        'permission-v2',
      ],
    };
  }
  return {
    issuer,
    jwks_uri: `${issuer}/jwks`,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    revocation_endpoint: `${issuer}/token/revocation`,
    userinfo_endpoint: `${issuer}/me`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    response_types_supported: ['code'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    code_challenge_methods_supported: ['S256'],
    capabilities: ['client-public', 'sso-openid-connect', 'permission-offline'],
  };
}
