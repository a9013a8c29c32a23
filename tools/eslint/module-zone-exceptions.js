// @ts-check
// Known exceptions to the server's module zones (tools/eslint/dependency-direction.js, option `modules`):
// each names a file, the tables (or another module's file) it still imports, and where that should move.
// A new cross-module import is refused by `npm run lint`; this list only shrinks. Empty it and delete
// this file when the last entry has moved (issue 38).

/**
 * The last imports of another module's tables (issue 38, decision 057): each is a two-way dependency —
 * payment and reinstatement post to finance, payment tells reinstatement a payment settled — so importing
 * the owner's service.ts would make an import cycle. Decision 057 says how to undo them (a ledger table of
 * finance's own, an outbox event for the reinstatement offer); no entry may be added.
 * @type {{ file: string, imports: string[], note: string }[]}
 */
export const TABLE_READ_DEBT = [
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts, but modules/payment imports finance (postToFinance): the clock reads what the issuer kept of each payment, as posting does, until that direction is turned round',
  },
  {
    file: 'apps/server/src/modules/finance/clock-repository.ts',
    imports: ['reinstatementEligibility'],
    note: 'issue 38: to move behind modules/reinstatement/service.ts, but modules/reinstatement imports finance (postToFinance, reinstatementDueNow): the clock writes the offer until that direction is turned round',
  },
  {
    file: 'apps/server/src/modules/finance/repository.ts',
    imports: ['paymentRefunds', 'payments'],
    note: 'issue 38: to move behind modules/payment/service.ts, but modules/payment imports finance (postToFinance): the ledger of what the issuer kept (keptAmount) stays until that direction is turned round',
  },
  {
    file: 'apps/server/src/modules/reinstatement/repository.ts',
    imports: ['payments'],
    note: 'issue 38: to move behind modules/payment/service.ts, but modules/payment imports reinstatement (a reinstatement is paid for): the payment status a request waits on stays until that direction is turned round',
  },
];
