import cardValidator from 'card-validator';
import {
  accountNumber as checkAccountNumber,
  routingNumber as checkRoutingNumber,
} from 'us-bank-account-validator';
import type { CardBrand } from '../port';

/**
 * What the hosted fields send to `POST /v1/tokens`, checked by kept libraries (docs/decisions/016):
 * card-validator (Luhn, brand, expiry, CVC length per brand) and us-bank-account-validator (the ABA
 * routing-number checksum). Error codes are stable; the hosted fields page translates them.
 */

export type FieldErrorCode =
  | 'required'
  | 'card-number-invalid'
  | 'card-brand-unsupported'
  | 'expiry-invalid'
  | 'expiry-past'
  | 'cvc-invalid'
  | 'postal-code-invalid'
  | 'routing-number-invalid'
  | 'account-number-invalid'
  | 'account-number-mismatch'
  | 'account-type-required';

export interface FieldProblem {
  field: string;
  code: FieldErrorCode;
}

export interface CardInput {
  number?: unknown;
  expiry?: unknown;
  cvc?: unknown;
  postalCode?: unknown;
}

export interface BankInput {
  routingNumber?: unknown;
  accountNumber?: unknown;
  accountNumberConfirmation?: unknown;
  accountType?: unknown;
}

export interface ValidCard {
  number: string;
  brand: CardBrand;
  expirationMonth: number;
  expirationYear: number;
  postalCode: string;
}

export interface ValidBankAccount {
  routingNumber: string;
  accountNumber: string;
  accountType: 'Checking' | 'Savings';
}

const BRANDS: Record<string, CardBrand> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american-express': 'Amex',
  discover: 'Discover',
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const digitsOf = (value: unknown): string => text(value).replace(/[\s-]/g, '');

export function validateCard(
  input: CardInput,
  now = new Date(),
): { ok: true; card: ValidCard } | { ok: false; errors: FieldProblem[] } {
  const errors: FieldProblem[] = [];
  const number = digitsOf(input.number);
  let brand: CardBrand | undefined;
  let cvcSize = 3;
  if (number === '') errors.push({ field: 'number', code: 'required' });
  else {
    const verdict = cardValidator.number(number);
    brand = verdict.card ? BRANDS[verdict.card.type] : undefined;
    if (!/^[0-9]+$/.test(number) || !verdict.isValid)
      errors.push({ field: 'number', code: 'card-number-invalid' });
    else if (!brand) errors.push({ field: 'number', code: 'card-brand-unsupported' });
    cvcSize = verdict.card?.code.size ?? 3;
  }

  const expiry = text(input.expiry);
  let expirationMonth = 0;
  let expirationYear = 0;
  const parts = /^([0-9]{1,2})\s*\/?\s*([0-9]{2}|[0-9]{4})$/.exec(expiry);
  if (expiry === '') errors.push({ field: 'expiry', code: 'required' });
  else if (!parts?.[1] || !parts[2] || Number(parts[1]) < 1 || Number(parts[1]) > 12)
    errors.push({ field: 'expiry', code: 'expiry-invalid' });
  else {
    expirationMonth = Number(parts[1]);
    expirationYear = parts[2].length === 2 ? 2000 + Number(parts[2]) : Number(parts[2]);
    const verdict = cardValidator.expirationDate(
      { month: String(expirationMonth), year: String(expirationYear) },
      19,
    );
    const thisMonth = now.getFullYear() * 12 + now.getMonth();
    if (expirationYear * 12 + expirationMonth - 1 < thisMonth)
      errors.push({ field: 'expiry', code: 'expiry-past' });
    else if (!verdict.isValid) errors.push({ field: 'expiry', code: 'expiry-invalid' });
  }

  const cvc = text(input.cvc);
  if (cvc === '') errors.push({ field: 'cvc', code: 'required' });
  else if (!/^[0-9]+$/.test(cvc) || !cardValidator.cvv(cvc, cvcSize).isValid)
    errors.push({ field: 'cvc', code: 'cvc-invalid' });

  const postalCode = text(input.postalCode);
  if (postalCode === '') errors.push({ field: 'postalCode', code: 'required' });
  else if (!/^[0-9]{5}(-?[0-9]{4})?$/.test(postalCode))
    errors.push({ field: 'postalCode', code: 'postal-code-invalid' });

  if (errors.length > 0 || !brand) return { ok: false, errors };
  // SPEC §5: a ZIP code longer than 5 characters is cut to 5.
  return {
    ok: true,
    card: { number, brand, expirationMonth, expirationYear, postalCode: postalCode.slice(0, 5) },
  };
}

export function validateBankAccount(
  input: BankInput,
): { ok: true; account: ValidBankAccount } | { ok: false; errors: FieldProblem[] } {
  const errors: FieldProblem[] = [];
  const routingNumber = digitsOf(input.routingNumber);
  if (routingNumber === '') errors.push({ field: 'routingNumber', code: 'required' });
  else if (!/^[0-9]{9}$/.test(routingNumber) || !checkRoutingNumber(routingNumber).isValid)
    errors.push({ field: 'routingNumber', code: 'routing-number-invalid' });

  const accountNumber = digitsOf(input.accountNumber);
  if (accountNumber === '') errors.push({ field: 'accountNumber', code: 'required' });
  else if (!/^[0-9]+$/.test(accountNumber) || !checkAccountNumber(accountNumber).isValid)
    errors.push({ field: 'accountNumber', code: 'account-number-invalid' });

  const confirmation = digitsOf(input.accountNumberConfirmation);
  if (confirmation === '') errors.push({ field: 'accountNumberConfirmation', code: 'required' });
  else if (confirmation !== accountNumber)
    errors.push({ field: 'accountNumberConfirmation', code: 'account-number-mismatch' });

  const accountType =
    input.accountType === 'Checking' || input.accountType === 'Savings' ? input.accountType : null;
  if (!accountType) errors.push({ field: 'accountType', code: 'account-type-required' });

  if (errors.length > 0 || !accountType) return { ok: false, errors };
  return { ok: true, account: { routingNumber, accountNumber, accountType } };
}
