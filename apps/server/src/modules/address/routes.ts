import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  PolicyAddressesSchema,
  PolicyParamsSchema,
  ProblemSchema,
  ResidentialMoveRequestSchema,
  ServiceRequestSchema,
  UpdateMailingAddressRequestSchema,
  UpdateMailingAddressResponseSchema,
  ZipLookupSchema,
  ZipParamsSchema,
} from '@portal/contracts';
import { truncateZip } from '@portal/domain';
import { authorizePolicy, forbidden, notFound, requirePrincipal } from '../../auth/access';
import { moveResidence, updateMailingAddress } from './commands';
import { policyAddresses, zipLookup } from './service';

const readErrors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const commandErrors = { ...readErrors, 409: ProblemSchema, 422: ProblemSchema };
const ADDRESS_RULES =
  'The ZIP code is cut to 5 characters (SPEC §5) and must be one the ZIP reference knows (`zip-unknown`) in the state given (`zip-not-in-state`, param `state`); county and FIPS code come from the reference. `addressId` and `version` are those read (null: none): 409 `conflict` with `current.address` when it changed since. 422 `no-change` when it is the same address.';

/** Issue 11, SPEC §2 /admin/policy-selection/manage-address (SPEC §3 Address, §5 zip). */
export const addressRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;

  app.get(
    '/v1/Policy/:policyId/addresses',
    {
      schema: {
        tags: ['address'],
        summary: 'A policy’s residential and mailing addresses',
        description:
          'Issue 11. Each with its county, FIPS code, rating area, `version`, and the household’s other policies that share it (a change applies to them too). `onExchange`: a move to another rating area is reported to the exchange. A located guest may not read them (403, audited).',
        params: PolicyParamsSchema,
        response: { 200: PolicyAddressesSchema, ...readErrors },
      },
    },
    async (request) => {
      const policy = await authorizePolicy(request, db, request.params.policyId);
      if (requirePrincipal(request).kind === 'guest') {
        await request.audit({
          action: 'access',
          outcome: 'denied',
          reason: 'guest',
          recordType: 'address',
          recordIds: [policy.id],
          actingForHouseholdId: policy.householdId,
        });
        throw forbidden();
      }
      const addresses = await policyAddresses(db, policy.id);
      await request.audit({
        action: 'read',
        outcome: 'success',
        recordType: 'address',
        recordIds: [
          policy.id,
          ...[addresses.residential?.addressId, addresses.mailing?.addressId].filter(
            (id): id is string => id !== undefined,
          ),
        ],
        actingForHouseholdId: policy.householdId,
      });
      return addresses;
    },
  );

  app.get(
    '/v1/zip/:zipCode',
    {
      schema: {
        tags: ['address'],
        summary: 'What the ZIP reference says of a ZIP code',
        description:
          'Issue 11 (docs/decisions/022-zip-reference.md): the place name, state, county, county FIPS code and rating area of a ZIP code (a ZIP+4 is cut to 5, SPEC §5). Reference data, no member’s record: any signed-in caller. 404 for a ZIP code the reference does not know.',
        params: ZipParamsSchema,
        response: { 200: ZipLookupSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      requirePrincipal(request);
      const found = await zipLookup(truncateZip(request.params.zipCode.replace('-', '')));
      if (!found) throw notFound('ZIP code');
      // The same answer for everyone and for a long time: let the browser keep it.
      void reply.header('Cache-Control', 'private, max-age=86400');
      return found;
    },
  );

  app.put(
    '/v1/Policy/:policyId/mailing-address',
    {
      config: { idempotent: true },
      schema: {
        tags: ['address'],
        summary: 'Change where the issuer writes to',
        description: `Issue 11. Applied at once, as a \`mailing-address\` service request (Completed), to this policy and the household’s policies that share the mailing address. An empty ZIP code is only a warning (SPEC §5): it is taken from the reference when the city has exactly one (\`zipFilledIn\`), and asked for otherwise (\`zip-needed\`). ${ADDRESS_RULES} Needs \`Idempotency-Key\`; role action \`manage-address\`.`,
        params: PolicyParamsSchema,
        body: UpdateMailingAddressRequestSchema,
        response: { 200: UpdateMailingAddressResponseSchema, ...commandErrors },
      },
    },
    async (request) => updateMailingAddress(request, request.params.policyId, request.body),
  );

  app.post(
    '/v1/Policy/:policyId/residential-address',
    {
      config: { idempotent: true },
      schema: {
        tags: ['address'],
        summary: 'Ask to change where the subscriber lives',
        description: `Issue 11. A \`residential-address\` service request staff review (the rating area, so the premium, may change). For an on-exchange policy a move to another rating area (or to where the rating area is unknown) is the exchange’s to decide: 422 \`report-to-exchange\` with params \`exchange\`, \`url\`, \`phone\` (account.exchange). ${ADDRESS_RULES} Needs \`Idempotency-Key\`; role action \`manage-address\`.`,
        params: PolicyParamsSchema,
        body: ResidentialMoveRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await moveResidence(request, request.params.policyId, request.body)),
  );
  done();
};
