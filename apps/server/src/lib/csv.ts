/**
 * Spreadsheet formula injection (OWASP "CSV Injection", CWE-1236; issue 33): a CSV cell a spreadsheet
 * would take for a formula is prefixed with an apostrophe, which Excel, LibreOffice and Google Sheets read
 * as "this is text" and do not show. A cell is a formula to some spreadsheet when it starts with `=`, `+`,
 * `-` or `@` — after any leading white space, which some of them trim on import, and in their full-width
 * forms, which some input methods type — or with a tab or a carriage return.
 *
 * A plain decimal number (`-12.50`, a credit the portal itself formats) is left a number: it runs nothing,
 * and prefixed it would be text a spreadsheet cannot add up.
 */
const FORMULA = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

export function spreadsheetSafe(cell: string): string {
  return FORMULA.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}
