import { ProblemType } from '@portal/contracts/problem-type';

/**
 * How a page says what the API refused, read from one table (`problem-table.ts`) instead of by hand in
 * each page. A problem answer (RFC 9457, packages/contracts problem.ts) is read in this order:
 *
 * 1. `conflict`: a 409 — the record moved since it was read, or someone else holds it;
 * 2. each field error in order: `fields[<field>]` (a refusal named by where it is), then `rules[<code>]`;
 *    the first that has words wins;
 * 3. `anyRule`, given the first field error: the page's words for a refusal it does not list;
 * 4. `types[<problem type>]`, then `statuses[<HTTP status>]`;
 * 5. `otherwise`, else the shared table (`problems.*`, ui/form/problem-message.ts).
 */
export type Values = Readonly<Record<string, string | number>>;

/** One field error of a problem answer that names why (its `code`). */
export interface FieldProblem {
  field: string;
  code: string;
  params: Values;
}

/** A sentence to say: its key and values; a value may be a sentence itself, an amount or a date. */
export interface ProblemText {
  key: string;
  params?: Readonly<Record<string, TextValue>>;
  /** Said when `key` has no words (a code the language files do not know yet). */
  otherwise?: ProblemText;
  /** A second sentence said after the first. */
  then?: ProblemText;
}
export type TextValue = string | number | ProblemText | { dollars: number } | { date: string };

/** A field error as a table entry sees it, with the values the page gave (the exchange's name, …). */
export interface FoundRule extends FieldProblem {
  context: Values;
}
/** The answer as a whole, as a table entry sees it. */
export interface FoundProblem {
  status: number;
  type: string | undefined;
  current: Readonly<Record<string, unknown>> | undefined;
  declineCode: string | undefined;
  context: Values;
}

/** A translation key (said with the field error's params and the page's values), or a sentence; undefined: no words here. */
export type Say<Found> = string | ((found: Found) => ProblemText | string | undefined);

export interface ProblemTable {
  conflict?: Say<FoundProblem>;
  fields?: Readonly<Record<string, Say<FoundRule>>>;
  rules?: Readonly<Record<string, Say<FoundRule>>>;
  anyRule?: Say<FoundRule>;
  types?: Readonly<Record<string, Say<FoundProblem>>>;
  statuses?: Readonly<Record<number, Say<FoundProblem>>>;
  /** Said when nothing above did, and when no answer came (instead of the shared table). */
  otherwise?: string;
}

// The shared table lives in its own small module: the shell reads it on every page (through
// ui/form/problem-message.ts), and the pages' tables below must not ride along in the first load.
export { SHARED_PROBLEMS } from './shared-problems';

/** Each code said as `<prefix>.<code>`, with the field error's params. */
const ownWords = (prefix: string, codes: readonly string[]): Record<string, string> =>
  Object.fromEntries(codes.map((code) => [code, `${prefix}.${code}`]));

/** Each code said as `<prefix>.<code>` with just these values. */
const ownWordsWith = (
  prefix: string,
  codes: readonly string[],
  values: (found: FoundRule) => Record<string, TextValue>,
): Record<string, Say<FoundRule>> =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      (found: FoundRule): ProblemText => ({ key: `${prefix}.${code}`, params: values(found) }),
    ]),
  );

const text = (value: string | number | undefined): string => String(value ?? '');
/** A request's status in words (`serviceRequests.status.<status>`), or nothing when the answer has none. */
const requestStatus = (status: unknown): TextValue =>
  typeof status === 'string' ? { key: `serviceRequests.status.${status}` } : '';
/** A 409 `conflict` that carries the record as it is now (a form then says what changed). */
const withCurrent = (key: string) => (found: FoundProblem) =>
  found.type === ProblemType.conflict && found.current ? key : undefined;

/** The codes the wallet commands refuse with (apps/server/src/modules/wallet). */
export const WALLET_CODES = [
  'token-unknown',
  'token-kind',
  'token-invalid',
  'card-expired',
  'already-saved',
  'limit-reached',
  'method-type-not-accepted',
  'method-in-use',
  'not-yours',
] as const;
/** The codes the autopay commands refuse with (apps/server/src/modules/autopay). */
export const AUTOPAY_CODES = [
  'autopay-limit-reached',
  'binder-policy',
  'not-yours',
  'card-expired',
  'max-below-fixed',
  'consent-required',
  'not-active',
  'same-method',
  'run-in-progress',
] as const;
/** The codes the scheduled-payment commands refuse with (apps/server/src/modules/scheduled-payment/commands.ts). */
export const SCHEDULED_CODES = [
  'limit-reached',
  'binder-pays-now',
  'not-scheduled',
  'not-yours',
  'method-type-not-accepted',
  'date-too-early',
  'date-after-horizon',
  'amount-below-minimum',
  'amount-above-maximum',
] as const;
/** Dependent refusals about the request as a whole, not one field (apps/server/src/modules/dependents/commands.ts). */
const DEPENDENT_CODES = [
  'report-to-exchange',
  'policy-not-active',
  'too-many-dependents',
  'not-on-policy',
  'subscriber-not-removable',
  'not-covered',
] as const;
const COVERAGE_CODES = ['request-pending', 'report-to-exchange', 'no-household'] as const;
const BROKER_CODES = [
  'broker-unknown',
  'broker-unchanged',
  'broker-not-licensed',
  'no-broker',
  'request-pending',
  'no-household',
] as const;
const PCP_CODES = [
  'specialty-not-for-age',
  'provider-not-in-network',
  'provider-not-accepting',
  'pcp-unchanged',
  'not-a-member',
  'provider-unknown',
  'request-pending',
  'pcp-not-offered',
  'no-household',
] as const;
const APPLICATION_CODES = ['already-covered', 'request-pending', 'product-not-offered'] as const;

/** A payment's refusal: a decline says why and that nothing was charged; one about the policy (`body.id`) says its rule. */
const PAYMENT: ProblemTable = {
  fields: {
    'body.id': (found) => ({
      key: `validation.rule.${found.code}`,
      params: {},
      otherwise: { key: 'problems.unprocessable' },
    }),
  },
  types: {
    [ProblemType.paymentDeclined]: (found) => ({
      key: `payments.decline.${found.declineCode ?? 'unknown'}`,
      otherwise: { key: 'payments.decline.unknown' },
      then: { key: 'payments.decline.nothingCharged' },
    }),
  },
};
/** On the review step, an outcome the processor did not give is said as such; anything else as unexpected. */
const PAYMENT_REVIEW: ProblemTable = {
  ...PAYMENT,
  types: { ...PAYMENT.types, [ProblemType.paymentOutcomeUnknown]: 'problems.paymentOutcomeUnknown' },
  otherwise: 'problems.unexpected',
};
/** Another payment reinstated the policy a moment before this one (two tabs): this one was kept. */
const REINSTATEMENT_RACED = 'reinstatement.raced';

/**
 * The one table: for each page (or command) that says a refusal in its own words, which words. Pages
 * read it through `useProblemText(PROBLEMS.<page>)`; everything not listed falls to SHARED_PROBLEMS.
 */
export const PROBLEMS = {
  wallet: { rules: ownWords('wallet.errors', WALLET_CODES) },
  autopay: { rules: ownWords('autopay.errors', AUTOPAY_CODES) },
  // Money limits arrive in dollars, dates as YYYY-MM-DD: said in the member's language.
  scheduledPayments: {
    rules: ownWordsWith('scheduledPayments.errors', SCHEDULED_CODES, (found) =>
      Object.fromEntries(
        Object.entries(found.params).map(([name, value]): [string, TextValue] => {
          if (
            typeof value === 'number' &&
            (name === 'minimum' || name === 'maximum') &&
            found.code.startsWith('amount-')
          )
            return [name, { dollars: value }];
          if (typeof value === 'string') return [name, { date: value }];
          return [name, value];
        }),
      ),
    ),
  },
  dependents: {
    // Asked already: only a refusal of the member chosen (a field of the request's own) says so.
    fields: {
      'body.memberId': (found) =>
        found.code === 'already-requested'
          ? {
              key: 'dependents.errors.already-requested',
              params: { reference: text(found.params.reference) },
            }
          : undefined,
    },
    rules: ownWordsWith('dependents.errors', DEPENDENT_CODES, (found) => ({
      maximum: Number(found.params.maximum ?? 0),
    })),
  },
  /** End coverage, change coverage dates, change plan; the page gives `exchange` (the exchange's name). */
  coverage: {
    rules: ownWordsWith('policyCoverage.errors', COVERAGE_CODES, (found) => ({
      exchange: text(found.context.exchange),
      reference: text(found.params.reference),
    })),
    anyRule: (found) =>
      found.field.startsWith('body.') ? { key: 'policyCoverage.errors.fields' } : undefined,
  },
  broker: {
    rules: ownWordsWith('brokerChange.errors', BROKER_CODES, (found) => ({
      state: text(found.params.state),
      reference: text(found.params.reference),
    })),
  },
  /** The page gives `network` (the plan network's name). */
  pcp: {
    rules: ownWordsWith('pcpSelect.errors', PCP_CODES, (found) => ({ network: text(found.context.network) })),
  },
  additionalProducts: { rules: ownWordsWith('additionalProducts.errors', APPLICATION_CODES, () => ({})) },
  /** Cancelling a service request from the list or a coverage page: a 409 says what it is now. */
  cancelRequest: {
    conflict: (found) => ({
      key: 'serviceRequests.changedElsewhere',
      params: { status: requestStatus(found.current?.status) },
    }),
    rules: { 'not-allowed-now': (): ProblemText => ({ key: 'serviceRequests.cannotCancel' }) },
  },
  /** Cancelling the open request a page shows (request-notices): moved or started, it cannot be cancelled. */
  cancelOpenRequest: {
    conflict: (): ProblemText => ({ key: 'serviceRequests.cannotCancel' }),
    rules: { 'not-allowed-now': (): ProblemText => ({ key: 'serviceRequests.cannotCancel' }) },
  },
  /** A queue command, said for staff: who holds it, that it moved, or which rule the change no longer meets. */
  serviceQueue: {
    conflict: (found) => {
      const assignee = found.current?.assignee as { name?: string; mine?: boolean } | null | undefined;
      return assignee?.name && !assignee.mine
        ? { key: 'serviceQueue.detail.heldBy', params: { name: assignee.name } }
        : { key: 'serviceQueue.detail.changed' };
    },
    rules: {
      'not-allowed-now': (found) => ({
        key: 'serviceQueue.detail.finishedAlready',
        params: { status: requestStatus(found.params.status) },
      }),
    },
    anyRule: (found) =>
      found.code
        ? {
            key: 'serviceQueue.detail.refused',
            params: {
              reason: {
                key: `serviceQueue.problem.${found.code}`,
                otherwise: { key: 'serviceQueue.problem.other' },
              },
            },
          }
        : undefined,
  },
  /** SPEC §8: an unknown link is a not-found answer, said as such. The page gives `phone`. */
  linkAccount: {
    rules: {
      'member-already-linked': 'linkAccount.errors.memberLinked',
      'account-already-linked': 'linkAccount.errors.accountLinked',
    },
    types: {
      [ProblemType.accountNotFound]: 'linkAccount.errors.notFound',
      [ProblemType.rateLimited]: 'linkAccount.errors.rateLimited',
      [ProblemType.actionNotAllowed]: 'linkAccount.errors.notAMember',
    },
    statuses: {
      404: 'linkAccount.errors.notFound',
      429: 'linkAccount.errors.rateLimited',
      403: 'linkAccount.errors.notAMember',
      400: 'linkAccount.errors.invalid',
    },
    otherwise: 'linkAccount.errors.unavailable',
  },
  locateAccount: {
    types: {
      [ProblemType.accountNotFound]: 'locate.errors.notFound',
      [ProblemType.rateLimited]: 'locate.errors.rateLimited',
    },
    statuses: {
      404: 'locate.errors.notFound',
      429: 'locate.errors.rateLimited',
      400: 'locate.errors.invalid',
    },
    otherwise: 'locate.errors.unavailable',
  },
  payment: PAYMENT,
  paymentReview: PAYMENT_REVIEW,
  reinstatementPayment: { ...PAYMENT, conflict: REINSTATEMENT_RACED },
  reinstatementPaymentReview: { ...PAYMENT_REVIEW, conflict: REINSTATEMENT_RACED },
  /** The forms that send a change checked against what was read: the page gives what changed (`changes`, `address`). */
  demographics: {
    rules: { 'no-change': 'demographics.noChange' },
    conflict: withCurrent('demographics.conflict'),
  },
  /** The page gives `language` (the household's language now). */
  demographicsLanguage: { conflict: withCurrent('demographics.languageConflict') },
  contactInfo: {
    rules: { 'no-change': 'contactInfo.noChange' },
    conflict: withCurrent('contactInfo.conflict'),
  },
  /** The page gives `exchange` and `address` (the address now). */
  address: {
    rules: {
      'no-change': 'address.noChange',
      'report-to-exchange': (found) => ({
        key: 'validation.rule.report-to-exchange',
        params: { exchange: text(found.context.exchange) },
      }),
    },
    conflict: withCurrent('address.conflict'),
  },
  /** The token of a confirmation link, refused by its own code (`emailConfirmation.<code>`). */
  emailConfirmation: {
    fields: {
      'body.token': (found) => ({
        key: `emailConfirmation.${found.code}`,
        otherwise: { key: 'emailConfirmation.failed' },
      }),
    },
    statuses: { 403: (): ProblemText => ({ key: 'emailConfirmation.forbidden' }) },
  },
} satisfies Record<string, ProblemTable>;
