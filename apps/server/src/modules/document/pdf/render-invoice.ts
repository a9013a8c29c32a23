import type { Cents } from '@portal/domain';
import type { Branding } from '../../../pdf/branding';
import type { Formatter } from '../../../pdf/format';
import type { PdfWriter } from '../../../pdf/pdf-writer';
import type { DocumentContext } from './context';
import { monthsInText } from './months';
import { texts } from '../../../i18n';

const cents = (value: unknown): Cents => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

export function invoiceTitle(
  context: DocumentContext,
  format: Formatter,
  language: PdfWriter['language'],
): string {
  const { document } = context;
  const t = texts(language).pdf.invoice;
  return document.subtype === 'binder'
    ? t.binderTitle
    : t.monthlyTitle(format.month(document.periodStart ?? document.documentDate));
}

/**
 * DOMAIN "Documents" invoice: the billing period, the premium and what subsidies (APTC, other, HRA)
 * take off it, past due and credit, the amount due and its due date, what was paid since the last
 * invoice, and how to pay.
 */
export function writeInvoice(
  pdf: PdfWriter,
  context: DocumentContext,
  branding: Branding,
  format: Formatter,
): void {
  const { document, policy, recipient } = context;
  const t = texts(pdf.language).pdf.invoice;
  const c = texts(pdf.language).pdf.common;
  const facts = document.facts ?? {};
  const amountDue = document.amountDueCents ?? 0;
  const negative = (value: Cents) => (value > 0 ? `-${format.money(value)}` : format.money(0));

  pdf
    .heading(t.account, 2)
    .facts([
      ...(recipient ? ([[c.member, recipient.name]] as const) : []),
      ...(policy ? ([[c.policyNumber, policy.policyNumber]] as const) : []),
      ...(policy?.planName ? ([[c.plan, policy.planName]] as const) : []),
      ...(recipient && recipient.addressLines.length > 0
        ? ([[c.mailingAddress, recipient.addressLines.join(', ')]] as const)
        : []),
      [
        t.billingPeriod,
        document.periodStart && document.periodEnd
          ? `${format.date(document.periodStart)} – ${format.date(document.periodEnd)}`
          : c.none,
      ],
      [t.invoiceDate, format.date(document.documentDate)],
      [t.dueDate, document.dueDate ? format.date(document.dueDate) : c.none],
      [t.amountDue, format.money(amountDue)],
    ]);

  const premium = cents(facts.premiumCents);
  const taxCredit = cents(facts.taxCreditCents);
  const other = cents(facts.otherSubsidyCents);
  const hra = cents(facts.hraCents);
  const current = cents(facts.currentChargesCents);
  const pastDue = cents(facts.pastDueCents);
  // The months the past due is for, named as on the overview and the notices.
  const pastDueMonths = monthsInText(facts.pastDueMonths, format, pdf.language);
  const credit = cents(facts.creditCents);
  pdf.heading(t.charges, 2).table({
    columns: [
      { header: t.description, width: 3 },
      { header: t.amount, align: 'right', width: 1 },
    ],
    rowHeaders: true,
    rows: [
      [t.premium, format.money(premium)],
      ...(taxCredit > 0 ? [[t.taxCredit, negative(taxCredit)]] : []),
      // Other premium assistance: on a group policy, what the employer pays (never called a tax credit).
      ...(other > 0 ? [[policy?.group ? t.employerContribution : t.otherSubsidy, negative(other)]] : []),
      ...(hra > 0 ? [[t.hra, negative(hra)]] : []),
      [t.currentCharges, format.money(current)],
      ...(pastDue > 0
        ? [[pastDueMonths ? `${t.pastDue} (${pastDueMonths})` : t.pastDue, format.money(pastDue)]]
        : []),
      ...(credit > 0 ? [[t.credit, negative(credit)]] : []),
    ],
    totals: [t.amountDue, format.money(amountDue)],
  });

  pdf.heading(t.paymentsReceived, 2);
  if (context.paymentsReceived.length === 0) pdf.paragraph(t.noPayments);
  else
    pdf.table({
      columns: [
        { header: t.date, width: 2 },
        { header: t.method, width: 3 },
        { header: t.amount, align: 'right', width: 2 },
      ],
      rows: context.paymentsReceived.map((payment) => [
        format.date(payment.date),
        payment.method === 'Card' ? t.card(payment.lastDigits) : t.bank(payment.lastDigits),
        format.money(payment.amountCents),
      ]),
    });

  pdf.heading(t.howToPay, 2);
  if (amountDue <= 0) pdf.paragraph(t.nothingDue);
  if (policy?.autopay) pdf.paragraph(t.autopayOn);
  pdf.paragraph(t.online);
  const check = branding.checkMailingAddress;
  if (check && policy)
    pdf.paragraph(
      t.byCheck(
        check.payee,
        `${check.street1}, ${check.city}, ${check.state} ${check.zipCode}`,
        policy.policyNumber,
      ),
    );
  if (branding.supportPhone) pdf.paragraph(t.byPhone(branding.supportPhone));
  if (amountDue > 0)
    pdf.paragraph(document.subtype === 'binder' ? t.binderWarning : t.lateWarning, { bold: true });
}
