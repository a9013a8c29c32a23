import { endOfMonth, type CalendarDate } from '@portal/domain';
import type { Branding } from '../../../pdf/branding';
import type { Formatter } from '../../../pdf/format';
import type { PdfWriter } from '../../../pdf/pdf-writer';
import type { DocumentContext } from './context';
import { entryOf, texts } from '../../../i18n';

interface MonthFacts {
  month: number;
  premiumCents: number;
  benchmarkPremiumCents: number;
  advancePaymentCents: number;
}
interface CoveredPerson {
  name: string;
  dob: CalendarDate;
  months?: number[];
}

const array = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
/** A 1095-A label without its line number, for the forms that number lines differently. */
const unnumbered = (label: string): string => label.replace(/^[\d-]+ /, '');
const monthStart = (year: number, month: number): CalendarDate =>
  `${year}-${String(month).padStart(2, '0')}-01`;

export function taxTitle(context: DocumentContext, language: PdfWriter['language']): string {
  const t = texts(language).pdf.tax;
  const year = context.document.taxYear ?? 0;
  switch (context.document.subtype) {
    case '1095-A':
      return t.form1095ATitle(year);
    case '1095-B':
      return t.form1095BTitle(year);
    default:
      return t.ma1099Title(year);
  }
}

/**
 * IRS Form 1095-A (a copy of the Marketplace's): Part I recipient, Part II covered individuals, Part III
 * the monthly enrollment premium, SLCSP premium and advance payment of the premium tax credit with the
 * annual totals (line 33).
 */
function write1095A(pdf: PdfWriter, context: DocumentContext, format: Formatter, branding: Branding): void {
  const t = texts(pdf.language).pdf.tax;
  const facts = context.document.facts ?? {};
  const year = context.document.taxYear ?? 0;
  const months = array<MonthFacts>(facts.months);
  const coveredMonths = months.filter((month) => month.premiumCents > 0).map((month) => month.month);
  const first = coveredMonths[0];
  const last = coveredMonths.at(-1);
  const start = first === undefined ? '' : format.date(monthStart(year, first));
  const end = last === undefined ? '' : format.date(endOfMonth(monthStart(year, last)));
  pdf.paragraph(t.form1095ACopy(str(facts.issuerName, branding.issuerName)), { muted: true });
  pdf
    .heading(t.partI_A, 2)
    .facts([
      [t.marketplaceId, str(facts.marketplaceIdentifier, context.policy?.exchangeSubscriberId ?? '')],
      [t.policyNumber, str(facts.policyNumber, context.policy?.policyNumber ?? '')],
      [t.issuerName, str(facts.issuerName)],
      [t.recipientName, str(facts.recipient, context.recipient?.name ?? '')],
      ...(context.recipient ? ([[t.recipientDob, format.date(context.recipient.dob)]] as const) : []),
      [t.policyStart, start],
      [t.policyEnd, end],
      ...(context.recipient && context.recipient.addressLines.length > 0
        ? ([[t.address, context.recipient.addressLines.join(', ')]] as const)
        : []),
    ]);
  pdf.heading(t.partII_A, 2).table({
    columns: [
      { header: t.coveredName, width: 3 },
      { header: t.coveredDob, width: 2 },
      { header: t.coverageStart, width: 2 },
      { header: t.coverageEnd, width: 2 },
    ],
    rowHeaders: true,
    rows: array<CoveredPerson>(facts.coveredIndividuals).map((person) => [
      person.name,
      format.date(person.dob),
      start,
      end,
    ]),
  });
  const total = (pick: (month: MonthFacts) => number) =>
    format.money(months.reduce((sum, month) => sum + pick(month), 0));
  pdf.heading(t.partIII_A, 2).table({
    columns: [
      { header: t.month, width: 2 },
      { header: t.premiumA, align: 'right', width: 2 },
      { header: t.slcspB, align: 'right', width: 2 },
      { header: t.aptcC, align: 'right', width: 2 },
    ],
    rowHeaders: true,
    rows: months.map((month) => [
      `${20 + month.month} ${format.monthName(month.month)}`,
      format.money(month.premiumCents),
      format.money(month.benchmarkPremiumCents),
      format.money(month.advancePaymentCents),
    ]),
    totals: [
      t.annualTotals,
      total((m) => m.premiumCents),
      total((m) => m.benchmarkPremiumCents),
      total((m) => m.advancePaymentCents),
    ],
  });
  pdf.paragraph(t.ssnNote, { muted: true, size: 8.5 });
}

/** IRS Form 1095-B: the responsible individual, the issuer, and each covered individual's months. */
function write1095B(pdf: PdfWriter, context: DocumentContext, format: Formatter, branding: Branding): void {
  const t = texts(pdf.language).pdf.tax;
  const facts = context.document.facts ?? {};
  const origin = str(facts.originOfCoverage);
  pdf
    .heading(t.partI_B, 2)
    .facts([
      [t.responsible, str(facts.recipient, context.recipient?.name ?? '')],
      ...(context.recipient
        ? ([[unnumbered(t.recipientDob), format.date(context.recipient.dob)]] as const)
        : []),
      ...(context.recipient && context.recipient.addressLines.length > 0
        ? ([[unnumbered(t.address), context.recipient.addressLines.join(', ')]] as const)
        : []),
      [t.originOfCoverage, entryOf(t.origin, origin) ?? origin],
    ]);
  pdf
    .heading(t.partIII_B, 2)
    .facts([
      [unnumbered(t.issuerName), str(facts.issuerName, branding.issuerName)],
      [t.issuerId, str(facts.hiosIssuerId, branding.hiosIssuerId)],
      ...(branding.supportPhone ? ([[t.contactPhone, branding.supportPhone]] as const) : []),
    ]);
  const monthHeaders = Array.from({ length: 12 }, (_, index) => ({
    header: format.monthName(index + 1, 'short'),
    align: 'center' as const,
    width: 0.9,
  }));
  pdf.heading(t.partIV_B, 2).table({
    columns: [
      { header: t.coveredName, width: 4 },
      { header: t.coveredDob, width: 2.6 },
      { header: t.all12, align: 'center', width: 1.6 },
      ...monthHeaders,
    ],
    rowHeaders: true,
    fontSize: 7.5,
    rows: array<CoveredPerson>(facts.coveredIndividuals).map((person) => {
      const months = new Set(person.months ?? []);
      const all = months.size === 12;
      return [
        person.name,
        format.date(person.dob),
        all ? t.yes : '',
        ...Array.from({ length: 12 }, (_, index) => (!all && months.has(index + 1) ? 'X' : '')),
      ];
    }),
  });
  pdf.paragraph(t.keepForRecords, { muted: true, size: 8.5 });
  pdf.paragraph(t.ssnNote, { muted: true, size: 8.5 });
}

/** Massachusetts Form MA 1099-HC: the months of minimum creditable coverage. */
function writeMa1099(pdf: PdfWriter, context: DocumentContext, format: Formatter, branding: Branding): void {
  const t = texts(pdf.language).pdf.tax;
  const facts = context.document.facts ?? {};
  const months = array<number>(facts.coveredMonths);
  pdf.paragraph(t.ma1099Intro);
  pdf.facts([
    [t.subscriber, str(facts.recipient, context.recipient?.name ?? '')],
    [t.memberId, str(facts.subscriberFolderId)],
    [unnumbered(t.issuerName), str(facts.issuerName, branding.issuerName)],
    [unnumbered(t.policyNumber), str(facts.policyNumber, context.policy?.policyNumber ?? '')],
    [
      t.monthsCovered,
      months.length === 12 ? t.allYear : months.map((month) => format.monthName(month)).join(', '),
    ],
  ]);
  pdf.paragraph(t.keepForRecords, { muted: true, size: 8.5 });
}

export function writeTaxForm(
  pdf: PdfWriter,
  context: DocumentContext,
  format: Formatter,
  branding: Branding,
): void {
  switch (context.document.subtype) {
    case '1095-A':
      write1095A(pdf, context, format, branding);
      return;
    case '1095-B':
      write1095B(pdf, context, format, branding);
      return;
    default:
      writeMa1099(pdf, context, format, branding);
  }
}
