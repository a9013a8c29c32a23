import type { Receipt } from '@portal/contracts';
import type { Branding } from '../../../pdf/branding';
import { formatterFor } from '../../../pdf/format';
import { PdfWriter, type PdfLanguage } from '../../../pdf/pdf-writer';
import { entryOf, texts } from '../../../i18n';

export interface RenderedReceipt {
  bytes: Buffer;
  /** `receipt-<transactionId>.pdf`, safe inside a Content-Disposition header. */
  filename: string;
}

/** A processor's transaction id as a file name: anything but letters, digits, dot, dash and underscore becomes `_`. */
const safeName = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A payment's printable receipt (issue 9; docs/decisions/017): under the issuer's letterhead, what was
 * paid, when, how (brand and last digits only), for which policy and plan, by whom, what became of it
 * and what it paid through, and whom to call. In `language`; the same facts as the receipt page.
 */
export async function renderReceiptPdf(
  receipt: Receipt,
  branding: Branding,
  language: PdfLanguage,
): Promise<RenderedReceipt> {
  const t = texts(language).pdf.receipt;
  const c = texts(language).pdf.common;
  const format = formatterFor(language);
  const supportLine = branding.supportPhone ? c.questions(branding.supportPhone, branding.supportHours) : '';
  const pdf = new PdfWriter({
    branding,
    language,
    title: t.title,
    subject: `${branding.issuerName}: ${t.title} ${receipt.transactionId}`,
    pageLabel: c.page,
    footer: supportLine ? `${branding.issuerName} · ${supportLine}` : branding.issuerName,
  });
  // Under a logo, the issuer's name written out too (without one the letterhead is the name).
  if (branding.logo) pdf.paragraph(branding.issuerName, { bold: true, size: 12 });
  pdf.paragraph(t.outcome[receipt.status], { bold: receipt.status !== 'Succeeded' });
  if (receipt.effectuated) pdf.paragraph(t.effectuated, { bold: true });

  pdf
    .heading(t.details, 2)
    .facts([
      [t.transactionId, receipt.transactionId],
      [t.date, format.date(receipt.transactionDate)],
      [t.amount, format.money(receipt.amountCents)],
      [t.method, methodLabel(receipt, language)],
      [t.status, t.statuses[receipt.status]],
      [t.source, t.sources[receipt.paymentSource]],
      [c.policyNumber, receipt.policyNumber],
      [c.plan, receipt.planName ?? c.none],
      [t.policyholder, receipt.subscriberName],
      ...(receipt.payerName ? ([[t.payer, receipt.payerName]] as const) : []),
      ...(receipt.paidThroughDate ? ([[t.paidThrough, format.date(receipt.paidThroughDate)]] as const) : []),
      ...(receipt.effectuated ? ([[t.coverage, t.coverageEffective]] as const) : []),
    ]);

  pdf.heading(c.questionsHeading, 2).paragraph(supportLine || branding.issuerName);
  return { bytes: await pdf.finish(), filename: `receipt-${safeName(receipt.transactionId)}.pdf` };
}

/** "Visa ending in 4242" / "Checking account ending in 789": the method by its brand and last digits only. */
export function methodLabel(
  receipt: Pick<Receipt, 'paymentMethod' | 'methodBrand' | 'methodLastDigits'>,
  language: PdfLanguage,
): string {
  const t = texts(language).pdf.receipt;
  // Bank account types as the processor names them (the wallet's `Checking`/`Savings`).
  const accountType = receipt.methodBrand
    ? (entryOf(t.accountTypes, receipt.methodBrand) ?? receipt.methodBrand)
    : null;
  return receipt.paymentMethod === 'Card'
    ? t.card(receipt.methodBrand, receipt.methodLastDigits)
    : t.bank(accountType, receipt.methodLastDigits);
}
