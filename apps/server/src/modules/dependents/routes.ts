import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AddDependentsRequestSchema,
  PolicyParamsSchema,
  ProblemSchema,
  RemoveDependentRequestSchema,
  ServiceRequestSchema,
} from '@portal/contracts';
import { addDependents, removeDependent } from './commands';

const commandErrors = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  422: ProblemSchema,
};
const POLICY_RULES =
  '`report-to-exchange` (an on-exchange policy: household changes are reported to the exchange, issue 11), `policy-not-active` (the policy’s coverage has ended)';

export const dependentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/v1/Policy/:policyId/dependents',
    {
      config: { idempotent: true },
      schema: {
        tags: ['dependents'],
        summary: 'Ask to add dependents to a policy for a qualifying life event',
        description: `Issue 11 (SPEC §3 Add-dependent form, §5 "Dependents" and SSN rules; DOMAIN special enrolment). A service request \`add-dependent\` that staff review (\`memberIds\` is empty: the people are not members yet; \`details\` holds them, with the SSN's last four digits only). The life event (birth, adoption, foster-care, court-order, marriage, loss-of-coverage), its date — within 60 days, or up to 60 days ahead for a loss of coverage — and the coverage start date (one of the dates 45 CFR 155.420(b)(2) allows: packages/domain \`coverageStartOptions\`). Refused with 422 and a field code: ${POLICY_RULES}, \`too-many-dependents\` (\`members.numberOfAddDependents\`; param \`maximum\`), \`exchange-id-length\` (param \`length\`), \`gender-not-offered\`, \`event-date-too-old\`, \`event-date-in-future\`, \`event-date-too-far\` (param \`days\`), \`start-date-not-allowed\`, \`start-outside-policy\`, \`dob-not-birth-date\`, \`dob-after-event\`, \`duplicate-in-request\` (param \`row\`), \`already-on-policy\` (SPEC §5 matching criteria; param \`name\`), \`exchange-id-taken\`, \`already-requested\` (param \`reference\`). A bad SSN is a 400 with \`ssn-format\`, \`ssn-listed\`, \`ssn-area-000\`, \`ssn-area-666\`, \`ssn-area-9xx\`, \`ssn-group-00\` or \`ssn-serial-0000\`. Needs \`Idempotency-Key\`; role action \`add-dependent\`.`,
        params: PolicyParamsSchema,
        body: AddDependentsRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addDependents(request, request.params.policyId, request.body)),
  );

  app.post(
    '/v1/Policy/:policyId/dependents/remove',
    {
      config: { idempotent: true },
      schema: {
        tags: ['dependents'],
        summary: 'Ask to end a dependent’s coverage, with a reason and a date',
        description: `Issue 11. A service request \`remove-dependent\` for one member of the policy (never the subscriber) that staff review; \`details.lastDayOfCoverage\` is the end-of-month rule (packages/domain \`lastDayOfCoverage\`: the last day of the event's month, never in the past; for a death, the date of death). The date: for a death within \`members.deathDateWindowMonths\` months up to today (SPEC §5), otherwise within 60 days either side of today. Refused with 422 and a field code: ${POLICY_RULES}, \`not-on-policy\`, \`subscriber-not-removable\`, \`not-covered\`, \`death-date-outside-window\` (param \`months\`), \`event-date-too-old\`, \`event-date-too-far\` (param \`days\`), \`coverage-already-ends\`, \`already-requested\` (param \`reference\`); \`note-required\` (400) for the reason \`other\`. Needs \`Idempotency-Key\`; role action \`remove-dependent\`.`,
        params: PolicyParamsSchema,
        body: RemoveDependentRequestSchema,
        response: { 201: ServiceRequestSchema, ...commandErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await removeDependent(request, request.params.policyId, request.body)),
  );
  done();
};
