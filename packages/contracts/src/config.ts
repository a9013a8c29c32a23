import { z } from 'zod';
import {
  COVERAGE_AMOUNT_GROUPS,
  COVERAGE_DATE_REASONS,
  END_COVERAGE_REASONS,
  NAVIGATION_SCENARIOS,
} from '@portal/domain';

/**
 * Schemas of the tenant configuration files (SPEC §3 "Application configuration", §7). Each file is the
 * baseline (config/baseline/…) deep-merged with the tenant's override (config/…); these schemas
 * validate the merged result.
 */

const Route = z.string().regex(/^\/[a-z0-9\-/]*$/, 'a lowercase path starting with /');
const LanguageCode = z.enum(['en', 'es', 'pt']);
const Url = z.string().refine((value) => value === '' || value.startsWith('/') || /^https:\/\//.test(value), {
  message: 'empty, a path on this site, or an https URL',
});
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');

export const IdentityConfigSchema = z.object({
  /** OAuth client id of the web app at the identity providers. */
  clientId: z.string().min(1),
  /** Workforce/standard issuer; empty = the built-in provider at /idp/workforce. */
  issuer: Url,
  /** Consumer-flow issuer; empty = the built-in provider at /idp/consumer. */
  consumerIssuer: Url,
  scope: z.string().min(1),
  /** `code` (authorization code + PKCE, the default). `id_token token` is accepted but deprecated (RFC 9700). */
  responseType: z.enum(['code', 'id_token token']),
  signInTimeoutFactor: z.number().min(0),
});
export type IdentityConfig = z.infer<typeof IdentityConfigSchema>;

export const SessionConfigSchema = z
  .object({
    idleTimeSeconds: z.number().positive(),
    /** Countdown of the idle warning; `false` = no countdown and no automatic sign-out. */
    idleTimeoutSeconds: z.union([z.literal(false), z.number().min(0)]),
    keepAliveIntervalSeconds: z.number().positive(),
    keepAliveUrl: Url,
    /** Longest a signed-in session lasts, whatever the activity. */
    absoluteLifetimeSeconds: z
      .number()
      .positive()
      .default(12 * 60 * 60),
    /**
     * Staff acting for a member (decision 043): the acting session ends after this long without a call
     * that uses it. 15 minutes by default.
     */
    actingIdleSeconds: z
      .number()
      .int()
      .min(60)
      .max(24 * 60 * 60)
      .default(15 * 60),
  })
  .refine((s) => s.absoluteLifetimeSeconds >= s.idleTimeSeconds, {
    message: 'the absolute lifetime must be at least the idle time',
    path: ['absoluteLifetimeSeconds'],
  });

const FooterLinksSchema = z.record(z.string(), Url);
const FaqId = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'a lowercase id (letters, digits, hyphens)');

/**
 * Limits on attached files (issue 33 item 7; docs/decisions/040): per service request, and per household
 * over a rolling window of days — whoever attaches them (the member, staff or a broker acting for it).
 */
export const AttachmentLimitsSchema = z.object({
  perRequest: z.object({
    maxFiles: z.number().int().min(1).max(50),
    maxBytes: z
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024),
  }),
  perHousehold: z.object({
    maxFiles: z.number().int().min(1).max(1000),
    maxBytes: z
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024),
    windowDays: z.number().int().min(1).max(365),
  }),
});
export type AttachmentLimits = z.infer<typeof AttachmentLimitsSchema>;
export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  perRequest: { maxFiles: 10, maxBytes: 25 * 1024 * 1024 },
  perHousehold: { maxFiles: 20, maxBytes: 100 * 1024 * 1024, windowDays: 30 },
};

export const AccountConfigSchema = z
  .object({
    tenant: z.object({
      issuerName: z.string().min(1),
      hiosIssuerId: z.string().regex(/^[0-9]{5}$/),
      state: z.string().regex(/^[A-Z]{2}$/),
      supportPhone: z.string(),
      supportHours: z.string(),
      /** The issuer's time zone: "today" for due dates and coverage is the date there. */
      timeZone: z.string().min(1).default('America/New_York'),
    }),
    identity: IdentityConfigSchema,
    session: SessionConfigSchema,
    header: z.object({
      displaySuperHeader: z.boolean(),
      superHeaderColor: Colour,
      superHeaderTextColor: Colour,
      superHeaderIconColor: Colour,
      displayUploadDocumentButton: z.boolean(),
      headerLogo: Url,
      /**
       * The logo's width in CSS pixels at its 40 px height: the header keeps that room for it before the
       * image has loaded, so nothing below moves when it arrives (Lighthouse found a layout shift of 0.19
       * on a phone). Without it the logo still shows; the page may move once.
       */
      headerLogoWidth: z.number().int().min(1).max(600).optional(),
      headerLogoRoute: Route,
    }),
    admin: z.object({ showLanguageHelp: z.boolean() }),
    languageAssistanceUrl: Url,
    policyDisplayID: z.enum(['ExchangeId', 'IssuerId']),
    languages: z.object({
      supported: z.array(LanguageCode).min(1),
      default: LanguageCode,
      languagePath: z.string().startsWith('/'),
    }),
    /**
     * SPEC §3 "FAQ topics (question and answer items)", shown on /admin/faq (issue 12): each topic's title
     * and its questions and answers are translation keys, so a tenant writes them in its language files.
     * Ids name the anchors a link may point at (`/admin/faq#<item id>`).
     */
    faqTopics: z.array(
      z.object({
        id: FaqId,
        titleKey: z.string().min(1),
        items: z
          .array(z.object({ id: FaqId, questionKey: z.string().min(1), answerKey: z.string().min(1) }))
          .min(1),
      }),
    ),
    footerLinks: z.object({
      shared: FooterLinksSchema,
      en: FooterLinksSchema,
      es: FooterLinksSchema,
      pt: FooterLinksSchema,
    }),
    stateNondiscriminationNotice: z.record(z.string().regex(/^[A-Z]{2}$/), Url),
    mailboxes: z.object({
      contactNumberChange: z.string(),
      paymentRefund: z.string(),
      termination: z.string(),
    }),
    chatbot: z.object({ roles: z.array(z.string()), scriptUrl: Url, stylesheetUrl: Url }),
    pcp: z.object({
      selectionEnabled: z.boolean(),
      planTypeWhitelist: z.array(z.string()),
      /**
       * Issue 12: a member's choice of primary care provider is applied at once (a `pcp` service request
       * completed with it) when true; otherwise it waits for staff review.
       */
      changesApplyAtOnce: z.boolean().default(false),
    }),
    payments: z.object({
      minAllowedPaymentCents: z.number().int().positive(),
      maxAllowedPaymentCents: z.number().int().positive(),
      makePaymentRetryCount: z.number().int().min(0).max(5),
      maxAutopayAllowed: z.number().int().min(0),
      maxScheduledPaymentsAllowed: z.number().int().min(0),
      /** Scheduled payments (issue 10): the latest payment date allowed, this many days after today. */
      scheduledPaymentHorizonDays: z.number().int().min(1).max(366).default(90),
      paymentTypes: z.array(z.enum(['CheckingOrSavings', 'CardPayments'])).min(1),
      dueDate: z.object({
        implementation: z.enum(['constant', 'offset']),
        day: z.number().int().min(1).max(31),
        offsetDays: z.number().int(),
      }),
      disregardUnallocatedAmount: z.boolean(),
      /**
       * DOMAIN "Grace period": members without APTC keep their coverage this many days after the first
       * unpaid month's due date (the state's grace period; often 31). APTC members get 45 CFR 156.270's three months.
       */
      stateGracePeriodDays: z.number().int().min(0).max(92).default(31),
      /** 45 CFR 155.400(e): the binder (first premium) is due this many days after coverage starts at the latest. */
      binderDeadlineDaysAfterStart: z.number().int().min(0).max(30),
      terminatedPlansDaysOut: z.number().int().min(0),
      checkMailingAddress: z
        .object({
          payee: z.string(),
          street1: z.string(),
          city: z.string(),
          state: z.string().regex(/^[A-Z]{2}$/),
          zipCode: z.string().regex(/^[0-9]{5}$/),
        })
        .nullable(),
    }),
    /** The wallet (issue 9): how many methods a household may save; how soon a card counts as expiring. */
    wallet: z.object({
      maxPaymentMethods: z.number().int().min(1).max(50),
      expiringSoonDays: z.number().int().min(0).max(366),
    }),
    /**
     * Autopay (issue 10): the member is told of a coming debit this many days before its run date; a
     * declined charge is tried once more this many days later.
     */
    autopay: z
      .object({
        advanceNoticeDays: z.number().int().min(0).max(20),
        declineRetryDays: z.number().int().min(1).max(10),
      })
      .default({ advanceNoticeDays: 3, declineRetryDays: 3 }),
    enrollmentStatusLabels: z.record(z.string(), z.string()),
    additionalProducts: z.array(
      z.object({
        name: z
          .string()
          .regex(
            /^[a-z][a-z0-9-]{0,39}$/,
            'a lowercase key (its texts are additionalProducts.cards.<name>.*)',
          ),
        urlType: z.enum(['internal', 'external']),
        iconClass: z.string(),
        applyUrl: Url,
        /** SPEC §1: what the card applies for — health (QHP), dental (QDP) or vision (CVP). */
        productType: z.enum(['QHP', 'QDP', 'CVP']).optional(),
      }),
    ),
    locateAccount: z.object({ redirectUnauthenticated: z.boolean() }),
    /**
     * The member ID card (issue 12, /account-overview/id-card): what a provider's office or pharmacy needs
     * besides the plan's own facts — the payer id claims are sent to, pharmacy routing (BIN/PCN/group) for
     * plans that cover drugs, and the numbers and addresses printed on the back. Empty values are left off
     * the card.
     */
    idCard: z
      .object({
        payerId: z.string(),
        rx: z.object({
          bin: z.string().regex(/^([0-9]{6})?$/, 'six digits, or empty'),
          pcn: z.string(),
          group: z.string(),
        }),
        providerPhone: z.string(),
        pharmacyPhone: z.string(),
        nurseLinePhone: z.string(),
        website: z.string(),
        claimsAddress: z.string(),
      })
      .default({
        payerId: '',
        rx: { bin: '', pcn: '', group: '' },
        providerPhone: '',
        pharmacyPhone: '',
        nurseLinePhone: '',
        website: '',
        claimsAddress: '',
      }),
    /**
     * Issue 12, SPEC §9 "link-account searchable field SSN": what a signed-in member whose account is not
     * linked gives besides the member ID and date of birth — the SSN (compared by its last four digits,
     * the only part stored) or the home ZIP code.
     */
    linkAccount: z
      .object({ searchableField: z.enum(['SSN', 'ZipCode']) })
      .default({ searchableField: 'SSN' }),
    /** SPEC §2 account/home: whether the home area shows the sign-in link (members who sign in elsewhere, e.g. by SAML only, do not need it). */
    home: z.object({ showSignInLink: z.boolean() }).default({ showSignInLink: true }),
    /** Documents (SPEC §9 "tax document types including 1095 forms") and their printed branding. */
    documents: z.object({
      /** The tax forms members see on /documents/tax, e.g. 1095-A (on-exchange), 1095-B, a state form. */
      taxDocumentTypes: z.array(z.string().regex(/^[A-Z0-9-]{2,20}$/)).min(1),
      /** A PNG or JPEG logo for printed documents (a file under /config/), or empty for the name alone. */
      printLogo: z
        .string()
        .refine((value) => value === '' || /^\/config\/[A-Za-z0-9._/-]+\.(png|jpe?g)$/.test(value), {
          message: 'empty or a PNG/JPEG file under /config/',
        }),
      /** How long a paperless e-mail confirmation link stays valid. */
      emailConfirmationHours: z.number().int().min(1).max(168),
    }),
    /**
     * The exchange (Marketplace) members of on-exchange policies report changes to (issue 11: changes that
     * affect eligibility or subsidies are the exchange's to decide); the pages link to it by name.
     */
    exchange: z
      .object({ name: z.string().min(1), url: Url, phone: z.string() })
      .default({ name: 'HealthCare.gov', url: 'https://www.healthcare.gov/', phone: '1-800-318-2596' }),
    /**
     * Members' details (issue 11; SPEC §5 "Dependents", §9 sample values): the gender options the forms
     * offer, and the rules of adding dependents — exchange ID length, how many at once, and how far back
     * a death may be reported.
     */
    members: z
      .object({
        genderOptions: z.array(z.enum(['female', 'male', 'other'])).min(1),
        exchangeIdLength: z.number().int().min(1).max(30),
        numberOfAddDependents: z.number().int().min(1).max(20),
        deathDateWindowMonths: z.number().int().min(0).max(24),
      })
      .default({
        genderOptions: ['female', 'male', 'other'],
        exchangeIdLength: 10,
        numberOfAddDependents: 3,
        deathDateWindowMonths: 5,
      }),
    /**
     * Coverage changes (issue 11; packages/domain coverage-changes.ts, plan-change.ts): how far ahead a
     * requested coverage date may be, open enrolment, and the HIOS products the issuer sells to employer
     * groups (every other product is individual market: the plan catalogue has no market of its own).
     */
    coverageChanges: z
      .object({
        maxDaysAhead: z.number().int().min(28).max(366),
        openEnrollment: z.object({
          startMonth: z.number().int().min(1).max(12),
          startDay: z.number().int().min(1).max(31),
          endMonth: z.number().int().min(1).max(12),
          endDay: z.number().int().min(1).max(31),
        }),
        groupMarketProducts: z.array(z.string().regex(/^[0-9]{3}$/)),
      })
      .default({
        maxDaysAhead: 90,
        openEnrollment: { startMonth: 11, startDay: 1, endMonth: 1, endDay: 15 },
        groupMarketProducts: [],
      }),
    /**
     * Service requests (issue 11): the largest file a member may attach (PDF, JPEG or PNG), and how many
     * files and bytes one request and one household may hold (issue 33 item 7; docs/decisions/040).
     */
    serviceRequests: z
      .object({
        attachmentMaxBytes: z
          .number()
          .int()
          .min(1024)
          .max(10 * 1024 * 1024),
        attachmentLimits: AttachmentLimitsSchema.default(DEFAULT_ATTACHMENT_LIMITS),
      })
      .default({ attachmentMaxBytes: 5 * 1024 * 1024, attachmentLimits: DEFAULT_ATTACHMENT_LIMITS }),
    /**
     * Issue 37 (docs/decisions/054): the third-party apps the issuer registered for SMART on FHIR
     * standalone launch at the consumer identity provider — there is no dynamic registration. Each is a
     * public client (PKCE, no secret) that may ask a member to let it read their Patient and Coverage.
     */
    smartApps: z
      .array(
        z.object({
          /** The OAuth client id the app sends. */
          clientId: z
            .string()
            .regex(/^[A-Za-z0-9._-]{3,64}$/, '3-64 letters, digits, dots, dashes or underscores'),
          /** The app's name, shown on the consent screen and in the member's connected apps. */
          name: z.string().min(1).max(80),
          /** Who offers the app, shown with its name. */
          publisher: z.string().min(1).max(80),
          /** Where the identity provider may send the member back (exact match). */
          redirectUris: z.array(z.url({ protocol: /^https?$/ })).min(1),
        }),
      )
      .default([]),
  })
  .refine((c) => c.payments.maxAllowedPaymentCents >= c.payments.minAllowedPaymentCents, {
    message: 'the maximum payment must be at least the minimum',
    path: ['payments', 'maxAllowedPaymentCents'],
  })
  .refine((c) => c.languages.supported.includes(c.languages.default), {
    message: 'the default language must be supported',
    path: ['languages', 'default'],
  });
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

const RoleDefinitionSchema = z.object({
  description: z.string().optional(),
  routes: z.array(z.union([z.literal('*'), Route])),
  actions: z.array(z.string()),
  permissions: z.array(z.string()),
  actionsOnlyInProduction: z.boolean().optional(),
  /** SPEC §6: the coverage-detail amount groups the role may see (packages/domain coverage-changes.ts). */
  coverageDetailAmounts: z.array(z.enum(COVERAGE_AMOUNT_GROUPS)).optional(),
  /** SPEC §5: the reasons the role may give to end coverage. */
  endCoverageReasons: z.array(z.enum(END_COVERAGE_REASONS)).optional(),
  /** The reasons the role may give to change coverage dates. */
  coverageDateReasons: z.array(z.enum(COVERAGE_DATE_REASONS)).optional(),
});

export const RoleConfigSchema = z.object({
  guestRole: z.string().min(1),
  roles: z.record(z.string(), RoleDefinitionSchema),
});

const NavigationEntrySchema = z.object({
  route: Route.optional(),
  label: z.string().min(1),
  section: z.string().optional(),
  order: z.number(),
  icon: z.string().optional(),
  prune: z.enum(['binding-payment', 'pcp-select']).optional(),
  enabled: z.boolean().optional(),
});

export const NavigationConfigSchema = z.object({
  entries: z.record(z.string(), NavigationEntrySchema),
  scenarios: z.partialRecord(z.enum(NAVIGATION_SCENARIOS), z.array(z.string())),
});
