import { randomBytes } from 'node:crypto';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isLanguage, type Language } from '@portal/domain';
import { CalendarDateSchema, ProblemSchema } from '@portal/contracts';
import { forbidden, notFound } from '../../auth/access';
import { insertPasswordAccount } from '../../auth/accounts';
import { caughtMail, caughtMails } from '../../mail/dev-mailbox';
import { DEMO_PASSWORD } from '../../seed/demo-accounts';
import { renderMailboxList, renderMailboxMessage } from './mailbox-pages';
import { createReinstatableMember } from './reinstatable-member';

const languageOf = (query: unknown, acceptLanguage: string | undefined): Language => {
  const asked = (query as { lang?: unknown }).lang;
  if (typeof asked === 'string' && isLanguage(asked)) return asked;
  const accepted = (acceptLanguage ?? '').slice(0, 2).toLowerCase();
  return isLanguage(accepted) ? accepted : 'en';
};

/**
 * Demo mode only (never registered otherwise; production refuses demo mode): the development mailbox
 * at /dev/mailbox, where a person trying the demo reads the e-mails the portal sent (SPEC-free, issue
 * "E-mail and paperless").
 */
export const devMailboxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const entries = await caughtMails(db, 200);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxList(languageOf(request.query, request.headers['accept-language']), entries));
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const entry = await caughtMail(db, request.params.id);
      if (!entry) throw notFound('e-mail');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(renderMailboxMessage(languageOf(request.query, request.headers['accept-language']), entry));
    },
  );

  // The e-mail's own HTML, shown as sent but sandboxed: no script, no request leaves for anywhere.
  app.get(
    '/dev/mailbox/:id/html',
    { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const entry = await caughtMail(db, request.params.id);
      if (!entry?.htmlBody) throw notFound('e-mail');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        )
        .send(entry.htmlBody);
    },
  );
  done();
};

const DemoMemberRequestSchema = z.object({
  /** On-exchange coverage (1095-A) or off-exchange/group (1095-B). */
  exchange: z.boolean().optional(),
  /** Whether the household already chose electronic delivery. */
  paperless: z.boolean().optional(),
  /** Documents the policy must have (a journey that opens them). */
  requires: z
    .array(z.enum(['notice', '1095-A', '1095-B']))
    .max(3)
    .optional(),
  /** The medical policy has an amount due now (a journey that pays it). */
  owing: z.boolean().optional(),
  /** The medical policy is a new enrolment waiting for its first premium (binder payment). */
  binder: z.boolean().optional(),
  /** Someone besides the subscriber is covered on the medical policy today (a journey that removes a dependent). */
  dependents: z.boolean().optional(),
  /**
   * Issue 11: a new household of its own whose medical policy was terminated for non-payment and may be
   * reinstated with this status (SPEC §3 Reinstatement eligibility); `language` is the household's.
   */
  reinstatable: z.enum(['Eligible', 'Manual']).optional(),
  language: z.enum(['en', 'es', 'pt']).optional(),
  /**
   * Issue 12: the account is not linked to the member yet (like `ana.costa`): the answer gives the facts
   * that link it (SPEC §2 account/home/link-account), the SSN's last four digits included.
   */
  unlinked: z.boolean().optional(),
  /** Issue 12: the medical plan is one whose members choose a primary care provider (an HMO or EPO plan today). */
  pcpPlan: z.boolean().optional(),
  /** Issue 12: the household has no dental coverage (it may apply for some). */
  noDental: z.boolean().optional(),
  /**
   * The medical policy owes nothing and is paid through a later day than today (a journey that lets the
   * next month go unpaid: the billing clock's transitions then happen on the days it moves to, whatever
   * today's date is).
   */
  paidUp: z.boolean().optional(),
});
const DemoMemberResponseSchema = z.object({
  username: z.string(),
  householdId: z.uuid(),
  language: z.enum(['en', 'es', 'pt']),
  /** The medical policy picked: what staff find the member by, and what a guest locates it with. */
  policyNumber: z.string(),
  exchangeSubscriberId: z.string().nullable(),
  /** The subscriber's facts a guest locates the account with (SPEC §3 locate-account). */
  dateOfBirth: z.string(),
  zipCode: z.string().nullable(),
  /** The subscriber's name; with `unlinked` also the last four digits of their SSN (demo data). */
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  ssnLast4: z.string().nullable().optional(),
});

/**
 * Demo mode only: `POST /api/v1/demo/member` gives a generated household (one with active medical
 * coverage, or a new enrolment waiting for its binder payment, and no sign-in yet) an account with the demo password, so that a visitor, or an
 * end-to-end test, has a member of its own whose changes nobody else sees.
 */
export const demoFixtureRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const db = app.database.db;
  app.post(
    '/v1/demo/member',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['demo'],
        summary: 'Demo mode: an account for a fresh member of the demo data',
        description:
          'Only in demo mode (never in production). The account signs in at the consumer provider with the demo password.',
        body: DemoMemberRequestSchema,
        response: { 201: DemoMemberResponseSchema, 404: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { exchange, paperless, owing, binder, reinstatable, unlinked, pcpPlan, noDental, paidUp } =
        request.body;
      if (reinstatable) {
        const made = await createReinstatableMember(db, {
          today: app.today(),
          language: request.body.language ?? 'en',
          status: reinstatable,
        });
        return reply.status(201).send(made);
      }
      const withDependents = request.body.dependents === true;
      const requires = request.body.requires ?? [];
      const needs = (kind: 'notice' | '1095-A' | '1095-B') => requires.includes(kind);
      const picked = await db.transaction(async (tx) => {
        const result = await tx.execute<{
          member_id: string;
          household_id: string;
          first_name: string;
          last_name: string;
          email: string | null;
          language: string | null;
          code: string;
          policy_number: string;
          exchange_subscriber_id: string | null;
          dob: string;
          zip_code: string | null;
          ssn_last4: string | null;
        }>(sql`
          select m.id as member_id, m.household_id, m.first_name, m.last_name, m.email, pr.language, m.folder_id as code, p.policy_number, p.exchange_subscriber_id, m.dob::text as dob, ad.zip_code, m.ssn_last4
          from policies p
          join members m on m.id = p.subscriber_member_id
          left join addresses ad on ad.id = p.residential_address_id
          left join preferences pr on pr.household_id = m.household_id
          where p.line_of_coverage = 'Medical' and m.household_id is not null
            and (case when ${binder === true}
                   then p.enrollment_status = 'Pending' and exists (select 1 from finances f where f.policy_id = p.id and f.status = 'Binder')
                   else p.enrollment_status = 'Active' end)
            -- generated households only (the named demo households keep their stories): their policy
            -- numbers carry household numbers from 2,000,001 (seed/ids.ts); folder ids are random now
            and p.policy_number ~ '^LHP-[2-7][0-9]{6}-'
            and (${exchange === undefined} or p.off_exchange = ${exchange === false})
            and (${paperless === undefined} or coalesce(pr.paperless, false) = ${paperless === true})
            and not exists (select 1 from accounts a where a.member_id = m.id)
            and not exists (select 1 from accounts a join members o on o.id = a.member_id where o.household_id = m.household_id)
            -- an unlinked demo account already made for this member (it has no member_id to find it by)
            and not exists (select 1 from accounts a where a.realm = 'consumer' and lower(a.username) = 'demo.' || lower(m.folder_id))
            and (${unlinked !== true} or m.ssn_last4 is not null)
            -- SPEC §4 menu pruning reads the plan type of the member's first policy (the order the household's
            -- policies are listed in: created, then id), so that one must be this HMO or EPO.
            and (${pcpPlan !== true} or (exists (select 1 from coverage_spans cs where cs.policy_id = p.id and not cs.cancelled and cs.plan_type in ('HMO', 'EPO') and cs.start_date <= ${app.today()}::date and (cs.end_date is null or cs.end_date >= ${app.today()}::date))
              and not exists (select 1 from policies q where q.household_id = p.household_id and (q.created_at, q.id) < (p.created_at, p.id))))
            and (${noDental !== true} or not exists (select 1 from policies d where d.household_id = m.household_id and d.line_of_coverage = 'Dental' and d.enrollment_status in ('Active', 'Pending', 'GracePeriod')))
            and (${binder === true} or exists (select 1 from documents d where d.policy_id = p.id and d.type = 'invoice'))
            and (${!withDependents} or exists (select 1 from member_spans ms where ms.policy_id = p.id and ms.relationship <> 'self' and not ms.cancelled and ms.start_date <= ${app.today()}::date and (ms.end_date is null or ms.end_date >= ${app.today()}::date)))
            and (${owing !== true} or exists (select 1 from finances f where f.policy_id = p.id and f.current_amount_due_cents + f.past_amount_due_cents > 0))
            and (${paidUp !== true} or exists (select 1 from finances f where f.policy_id = p.id and f.current_amount_due_cents + f.past_amount_due_cents = 0 and f.paid_through_date >= ${app.today()}::date))
            and (${!needs('notice')} or exists (select 1 from documents d where d.policy_id = p.id and d.type = 'notice'))
            and (${!needs('1095-A')} or exists (select 1 from documents d where d.policy_id = p.id and d.subtype = '1095-A'))
            and (${!needs('1095-B')} or exists (select 1 from documents d where d.policy_id = p.id and d.subtype = '1095-B'))
          order by m.folder_id
          limit 1
          for update of m skip locked`);
        const row = (
          result as {
            rows: {
              member_id: string;
              household_id: string;
              first_name: string;
              last_name: string;
              email: string | null;
              language: string | null;
              code: string;
              policy_number: string;
              exchange_subscriber_id: string | null;
              dob: string;
              zip_code: string | null;
              ssn_last4: string | null;
            }[];
          }
        ).rows[0];
        if (!row) return null;
        const username = `demo.${row.code.toLowerCase()}`;
        await insertPasswordAccount(tx, {
          realm: 'consumer',
          username,
          email: row.email,
          givenName: row.first_name,
          familyName: row.last_name,
          password: DEMO_PASSWORD,
          roles: ['member'],
          memberId: unlinked === true ? null : row.member_id,
        });
        // The subscriber's name always (issue 13: staff find them by name and date of birth); the SSN's last four only to link.
        const linkFacts = {
          firstName: row.first_name,
          lastName: row.last_name,
          ...(unlinked === true ? { ssnLast4: row.ssn_last4 } : {}),
        };
        return {
          username,
          householdId: row.household_id,
          language: (row.language ?? 'en') as 'en' | 'es' | 'pt',
          policyNumber: row.policy_number,
          exchangeSubscriberId: row.exchange_subscriber_id,
          dateOfBirth: row.dob,
          zipCode: row.zip_code,
          ...linkFacts,
        };
      });
      if (!picked) throw notFound('demo member without an account');
      return reply.status(201).send(picked);
    },
  );

  // Demo mode only: a staff account of its own (customer service or an administrator, demo password), so
  // that a journey acting for members (docs/decisions/043: one acting session per staff user) never
  // shares its acting session with another journey running beside it. The demo's cs.agent and admin sign
  // in with a published password already: a fresh account grants nothing they do not.
  app.post(
    '/v1/demo/staff',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['demo'],
        summary: 'Demo mode: an account for a fresh staff user',
        description:
          'Only in demo mode (never in production). The account signs in at the workforce provider with the demo password.',
        body: DemoStaffRequestSchema,
        response: { 201: DemoStaffResponseSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const suffix = randomBytes(4).toString('hex');
      const username = `${request.body.role === 'administrator' ? 'admin' : 'cs'}.${suffix}`;
      await insertPasswordAccount(db, {
        realm: 'workforce',
        username,
        email: null,
        givenName: request.body.role === 'administrator' ? 'Morgan' : 'Casey',
        familyName: `Staff ${suffix.slice(0, 4)}`,
        password: DEMO_PASSWORD,
        roles: [request.body.role],
      });
      return reply.status(201).send({ username });
    },
  );

  // Demo mode only: the billing day for the signed-in member's household, as of any day — what the
  // hourly job does for everyone, so a person trying the demo (or a journey) can move their own account
  // through a month without moving anyone else's (docs/decisions/021).
  app.post(
    '/v1/demo/day',
    {
      // A visitor (or a journey) moving through a month one day at a time: 31 calls, twice over.
      config: { rateLimit: { max: 62, timeWindow: '1 minute' } },
      schema: {
        tags: ['demo'],
        summary: 'Demo mode: run the billing day for my household as of a day',
        description:
          'Only in demo mode (never in production). Runs every daily step (scheduled payments, then autopay) for the caller’s household as of `day`, as the hourly job does for every household; answers what each step did.',
        body: DemoDayRequestSchema,
        response: { 200: DemoDayResponseSchema, 401: ProblemSchema, 403: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      const principal = request.principal;
      if (principal?.kind !== 'member' || principal.householdId === null) throw forbidden();
      const report = await app.jobs.runDay(request.body.day, { householdId: principal.householdId });
      await request.audit({
        action: 'demo.run-day',
        outcome: 'success',
        recordType: 'household',
        recordIds: [principal.householdId],
        actingForHouseholdId: principal.householdId,
      });
      await app.outbox.drain();
      return report;
    },
  );
  done();
};

const DemoStaffRequestSchema = z.object({ role: z.enum(['customer-service', 'administrator']) });
const DemoStaffResponseSchema = z.object({ username: z.string() });
const DemoDayRequestSchema = z.object({ day: CalendarDateSchema });
const DemoDayResponseSchema = z.object({
  day: CalendarDateSchema,
  steps: z.array(
    z.object({
      name: z.string(),
      counts: z.record(z.string(), z.number().int()),
      milliseconds: z.number().int(),
    }),
  ),
});
