/**
 * The sandbox's well-known test numbers (README "Payment processor"): the number typed in the hosted
 * fields decides what happens when it is charged. Any other valid card number or bank account is
 * approved (cards) or settles (bank accounts).
 *
 * `TEST_SECRETS` lists every card number, CVC and bank account number the test suites type: the
 * secrets scan (test/secrets-scan.ts, e2e/secrets-scan.teardown.ts) proves none of them reaches our
 * database or logs. Add to it any number a new test types.
 */

export type CardOutcome =
  | 'approve'
  | 'decline'
  | 'insufficient-funds'
  | 'expired-card'
  | 'incorrect-cvc'
  | 'processor-error'
  | 'slow';
export type BankOutcome = 'settle' | 'return-r01';

export interface TestCard {
  number: string;
  brand: 'Visa' | 'Mastercard' | 'Amex' | 'Discover';
  outcome: CardOutcome;
  funding: 'credit' | 'debit';
}

export const TEST_CARDS = {
  visa: { number: '4242424242424242', brand: 'Visa', outcome: 'approve', funding: 'credit' },
  mastercard: { number: '5555555555554444', brand: 'Mastercard', outcome: 'approve', funding: 'credit' },
  mastercardDebit: { number: '5200828282828210', brand: 'Mastercard', outcome: 'approve', funding: 'debit' },
  amex: { number: '378282246310005', brand: 'Amex', outcome: 'approve', funding: 'credit' },
  discover: { number: '6011111111111117', brand: 'Discover', outcome: 'approve', funding: 'credit' },
  declined: { number: '4000000000000002', brand: 'Visa', outcome: 'decline', funding: 'credit' },
  insufficientFunds: {
    number: '4000000000009995',
    brand: 'Visa',
    outcome: 'insufficient-funds',
    funding: 'credit',
  },
  expiredCard: { number: '4000000000000069', brand: 'Visa', outcome: 'expired-card', funding: 'credit' },
  incorrectCvc: { number: '4000000000000127', brand: 'Visa', outcome: 'incorrect-cvc', funding: 'credit' },
  processorError: {
    number: '4000000000000119',
    brand: 'Visa',
    outcome: 'processor-error',
    funding: 'credit',
  },
  slowAnswer: { number: '4000000000006975', brand: 'Visa', outcome: 'slow', funding: 'credit' },
} as const satisfies Record<string, TestCard>;

/** Valid ABA routing numbers the sandbox knows by name (any routing number with a good checksum works). */
export const TEST_ROUTING_NUMBERS = {
  sandboxBank: { routingNumber: '110000000', bankName: 'Sandbox Bank' },
  harborSavings: { routingNumber: '211070175', bankName: 'Harbor Savings' },
} as const;

export const TEST_BANK_ACCOUNTS = {
  settles: { accountNumber: '000123456789', outcome: 'settle' },
  /** Accepted as pending, then returned R01 (insufficient funds). */
  returnedR01: { accountNumber: '000222222227', outcome: 'return-r01' },
} as const satisfies Record<string, { accountNumber: string; outcome: BankOutcome }>;

/** CVCs the tests type (3 digits; 4 for Amex). */
export const TEST_CVCS = { threeDigits: '737', amex: '7373' } as const;

/** Every secret a test types: none may ever be found in our database or logs. */
export const TEST_SECRETS: { cardNumbers: string[]; cvcs: string[]; bankAccountNumbers: string[] } = {
  cardNumbers: Object.values(TEST_CARDS).map((card) => card.number),
  cvcs: Object.values(TEST_CVCS),
  bankAccountNumbers: Object.values(TEST_BANK_ACCOUNTS).map((account) => account.accountNumber),
};

export function cardOutcomeOf(number: string): CardOutcome {
  return Object.values(TEST_CARDS).find((card) => card.number === number)?.outcome ?? 'approve';
}

export function fundingOf(number: string): 'credit' | 'debit' {
  return Object.values(TEST_CARDS).find((card) => card.number === number)?.funding ?? 'credit';
}

export function bankOutcomeOf(accountNumber: string): BankOutcome {
  return (
    Object.values(TEST_BANK_ACCOUNTS).find((account) => account.accountNumber === accountNumber)?.outcome ??
    'settle'
  );
}

export function bankNameOf(routingNumber: string): string | null {
  return (
    Object.values(TEST_ROUTING_NUMBERS).find((bank) => bank.routingNumber === routingNumber)?.bankName ?? null
  );
}
