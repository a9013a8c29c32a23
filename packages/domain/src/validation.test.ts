import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  firstInvalidField,
  formErrorMessage,
  mailingZipNeedsWarning,
  truncateZip,
} from './validation';
import type { FieldError } from './validation';

describe('fieldLabel', () => {
  it('splits camel case into capitalised words', () => {
    expect(fieldLabel('firstName')).toBe('First Name');
    expect(fieldLabel('zipCode')).toBe('Zip Code');
    expect(fieldLabel('dob')).toBe('Dob');
    expect(fieldLabel('exchangeID')).toBe('Exchange ID');
    expect(fieldLabel('SSNNumber')).toBe('SSN Number');
    expect(fieldLabel('address2')).toBe('Address 2');
    expect(fieldLabel('billing_zip-code')).toBe('Billing Zip Code');
    expect(fieldLabel('')).toBe('');
  });
});

describe('formErrorMessage', () => {
  const maxLength: FieldError = { kind: 'maxLength', requiredLength: 10, actualLength: 12 };
  const minLength: FieldError = { kind: 'minLength', requiredLength: 5, actualLength: 3 };

  it('reports a required field with its name first', () => {
    expect(formErrorMessage('firstName', [maxLength, { kind: 'required' }])).toEqual({
      key: 'validation.required',
      params: { field: 'First Name' },
    });
  });

  it('reports maximum length before minimum length', () => {
    expect(formErrorMessage('exchangeId', [minLength, maxLength])).toEqual({
      key: 'validation.maxLength',
      params: { field: 'Exchange Id', requiredLength: 10, actualLength: 12 },
    });
  });

  it('reports minimum length with the required and actual length', () => {
    expect(formErrorMessage('zipCode', [{ kind: 'pattern' }, minLength])).toEqual({
      key: 'validation.minLength',
      params: { field: 'Zip Code', requiredLength: 5, actualLength: 3 },
    });
  });

  it('reports pattern, mask and email as a format error', () => {
    for (const kind of ['pattern', 'mask', 'email'] as const) {
      expect(formErrorMessage('email', [{ kind: 'other' }, { kind }])).toEqual({
        key: 'validation.format',
        params: { field: 'Email' },
      });
    }
  });

  it('says all fields are required for anything else', () => {
    expect(formErrorMessage('dob', [{ kind: 'other', name: 'matDatepickerMin' }])).toEqual({
      key: 'validation.allFieldsRequired',
      params: {},
    });
  });

  it('gives no message without errors', () => {
    expect(formErrorMessage('dob', [])).toBeNull();
  });
});

describe('firstInvalidField', () => {
  it('finds the first invalid field inside nested groups, in display order', () => {
    const form = [
      { name: 'firstName', errors: [] },
      {
        name: 'address',
        children: [
          { name: 'street1' },
          { name: 'zipCode', errors: [{ kind: 'minLength', requiredLength: 5, actualLength: 3 } as const] },
        ],
      },
      { name: 'email', errors: [{ kind: 'email' } as const] },
    ];
    expect(firstInvalidField(form)).toEqual({
      path: ['address', 'zipCode'],
      name: 'zipCode',
      errors: [{ kind: 'minLength', requiredLength: 5, actualLength: 3 }],
    });
  });

  it('reports a group error only when none of its fields is invalid', () => {
    const group = { name: 'dates', errors: [{ kind: 'other' } as const], children: [{ name: 'startDate' }] };
    expect(firstInvalidField([group])?.path).toEqual(['dates']);
  });

  it('gives null for a valid or empty form', () => {
    expect(firstInvalidField([{ name: 'a' }, { name: 'b', children: [] }])).toBeNull();
    expect(firstInvalidField([])).toBeNull();
  });
});

describe('truncateZip', () => {
  it('cuts zip codes longer than 5 to 5 and keeps shorter ones', () => {
    expect(truncateZip('02139-4307')).toBe('02139');
    expect(truncateZip('021394307')).toBe('02139');
    expect(truncateZip('02139')).toBe('02139');
    expect(truncateZip('021')).toBe('021');
    expect(truncateZip('')).toBe('');
  });

  it('never lengthens a zip and keeps its beginning', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (zip) => {
        const cut = truncateZip(zip);
        expect(cut.length).toBeLessThanOrEqual(Math.min(zip.length, 5));
        expect(zip.startsWith(cut)).toBe(true);
        expect(truncateZip(cut)).toBe(cut);
      }),
    );
  });
});

describe('mailingZipNeedsWarning', () => {
  it('warns about an empty mailing zip only', () => {
    expect(mailingZipNeedsWarning('')).toBe(true);
    expect(mailingZipNeedsWarning('  ')).toBe(true);
    expect(mailingZipNeedsWarning(null)).toBe(true);
    expect(mailingZipNeedsWarning('02139')).toBe(false);
  });
});
