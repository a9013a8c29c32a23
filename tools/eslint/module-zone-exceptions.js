// @ts-check
// Known exceptions to the server's module zones (tools/eslint/dependency-direction.js, option `modules`):
// each names a file, the tables (or another module's file) it still imports, and where that should move.
// A new cross-module import is refused by `npm run lint`; these lists only shrink. Empty both and delete
// this file when the last entry has moved (issue 38).

/**
 * The enrollment and issuer-events modules were being changed by other work while the zones were drawn
 * (issue 38), so their imports were left as they stood: the lead empties this list after merging them.
 * (issuer-events imported nothing foreign at the time: only its own two tables.)
 * @type {{ file: string, imports: string[], note: string }[]}
 */
export const MODULES_IN_FLIGHT = [
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['accounts'],
    note: 'issue 38: to move behind auth/ (the accounts of sign-in)',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['addresses'],
    note: 'issue 38: to move behind modules/address/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['auditLog'],
    note: 'issue 38: to write its audit row with plugins/audit.ts (auditSystem), as every other write does',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['contactInformation'],
    note: 'issue 38: to move behind modules/contact/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['households'],
    note: 'issue 38: to move behind modules/household/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['memberSpans', 'members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['preferences'],
    note: 'issue 38: to move behind modules/paperless/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/apply.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/effectuation.ts',
    imports: ['memberSpans', 'members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/effectuation.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts',
  },
  {
    file: 'apps/server/src/modules/enrollment/effectuation.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
];

/**
 * Reads that still join another module's tables in one statement (most were made single statements on
 * purpose, docs/decisions/035), and the last writes to another module's tables: the billing clock's
 * (modules/finance: policies, coverage spans, reinstatement eligibility — modules/policy imports finance, so
 * the move needs that turned round first) and demo mode's fixtures (modules/demo: accounts, plans). Each
 * is to move behind its owner's service.ts — a function named for what the caller needs — or, where one
 * statement matters for speed, to a read the owner offers. Left when the zones were drawn (issue 38,
 * decision 057); no entry may be added.
 * @type {{ file: string, imports: string[], note: string }[]}
 */
export const TABLE_READ_DEBT = [
  {
    file: 'apps/server/src/modules/audit/repository.ts',
    imports: ['accounts'],
    note: 'issue 38: to move behind auth/ (the accounts of sign-in)',
  },
  {
    file: 'apps/server/src/modules/audit/repository.ts',
    imports: ['actingSessions'],
    note: 'issue 38: to move behind modules/acting-session/service.ts',
  },
  {
    file: 'apps/server/src/modules/audit/repository.ts',
    imports: ['brokers'],
    note: 'issue 38: to move behind modules/broker/service.ts',
  },
  {
    file: 'apps/server/src/modules/audit/repository.ts',
    imports: ['policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/autopay/repository.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/autopay/repository.ts',
    imports: ['policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/autopay/repository.ts',
    imports: ['walletBankAccounts', 'walletCards', 'wallets'],
    note: 'issue 38: to move behind modules/wallet/service.ts',
  },
  {
    file: 'apps/server/src/modules/benefits/repository.ts',
    imports: ['employerGroups'],
    note: 'issue 38: to move behind modules/group/service.ts',
  },
  {
    file: 'apps/server/src/modules/benefits/repository.ts',
    imports: ['memberSpans', 'members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/benefits/repository.ts',
    imports: ['preferences'],
    note: 'issue 38: to move behind modules/paperless/service.ts',
  },
  {
    file: 'apps/server/src/modules/benefits/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/demo/reinstatable-member.ts',
    imports: ['accounts'],
    note: 'issue 38: to move behind auth/ (the accounts of sign-in)',
  },
  {
    file: 'apps/server/src/modules/demo/reinstatable-member.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/demo/routes.ts',
    imports: ['accounts'],
    note: 'issue 38: to move behind auth/ (the accounts of sign-in)',
  },
  {
    file: 'apps/server/src/modules/demo/routes.ts',
    imports: ['devMailbox'],
    note: 'issue 38: to move behind mail/',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['addresses'],
    note: 'issue 38: to move behind modules/address/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['autopaySubscriptions'],
    note: 'issue 38: to move behind modules/autopay/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['preferences'],
    note: 'issue 38: to move behind modules/paperless/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts',
  },
  {
    file: 'apps/server/src/modules/document/pdf/context.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['memberSpans'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['reinstatementEligibility'],
    note: 'issue 38: to move behind modules/reinstatement/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/repository.ts',
    imports: ['paymentRefunds', 'payments'],
    note: 'issue 38: to move behind modules/payment/service.ts',
  },
  {
    file: 'apps/server/src/modules/finance/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/payment/repository.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/payment/repository.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/payment/repository.ts',
    imports: ['members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/payment/repository.ts',
    imports: ['preferences'],
    note: 'issue 38: to move behind modules/paperless/service.ts',
  },
  {
    file: 'apps/server/src/modules/payment/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy/repository.ts',
    imports: ['households'],
    note: 'issue 38: to move behind modules/household/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy/repository.ts',
    imports: ['wallets'],
    note: 'issue 38: to move behind modules/wallet/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy-coverage/repository.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy-coverage/repository.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy-coverage/repository.ts',
    imports: ['memberSpans', 'members'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/policy-coverage/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['documents'],
    note: 'issue 38: to move behind modules/document/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['memberSpans'],
    note: 'issue 38: to move behind modules/member/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['preferences'],
    note: 'issue 38: to move behind modules/paperless/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['serviceRequests'],
    note: 'issue 38: to move behind modules/service-request/service.ts',
  },
  {
    file: 'apps/server/src/modules/saml/repository.ts',
    imports: ['brokers'],
    note: 'issue 38: to move behind modules/broker/service.ts',
  },
  {
    file: 'apps/server/src/modules/saml/repository.ts',
    imports: ['finances'],
    note: 'issue 38: to move behind modules/finance/service.ts',
  },
  {
    file: 'apps/server/src/modules/saml/repository.ts',
    imports: ['policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
  {
    file: 'apps/server/src/modules/scheduled-payment/repository.ts',
    imports: ['plans'],
    note: 'issue 38: to move behind modules/benefits/service.ts',
  },
  {
    file: 'apps/server/src/modules/scheduled-payment/repository.ts',
    imports: ['coverageSpans', 'policies'],
    note: 'issue 38: to move behind modules/policy/service.ts',
  },
];

export const MODULE_ZONE_EXCEPTIONS = [...MODULES_IN_FLIGHT, ...TABLE_READ_DEBT];
