import type { PdfWriter } from '../../../pdf/pdf-writer';
import type { Formatter } from '../../../pdf/format';
import type { DocumentContext } from './context';
import { monthsInText } from './months';
import type { NoticeText, NoticeValues } from '../../../i18n/notice';
import { entryOf, texts } from '../../../i18n';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function noticeText(context: DocumentContext, language: PdfWriter['language']): NoticeText {
  const t = texts(language).pdf.notice;
  return entryOf(t.kinds, context.document.subtype) ?? t.fallback;
}

/** The notice's facts, formatted in its language. */
function valuesOf(
  context: DocumentContext,
  format: Formatter,
  language: PdfWriter['language'],
): NoticeValues {
  const facts = context.document.facts ?? {};
  const date = (value: unknown) => (isDate(value) ? format.date(value) : '');
  const money = (value: unknown) => (typeof value === 'number' ? format.money(value) : '');
  const kinds = texts(language).pdf.notice.deliveryKinds;
  const delivery = (facts.delivery ?? {}) as Record<string, unknown>;
  const chosen = (wanted: string) =>
    (['invoices', 'notices', 'taxForms'] as const)
      .filter((kind) => delivery[kind] === wanted)
      .map((kind) => kinds[kind]);
  return {
    planName: text(facts.planName) || (context.policy?.planName ?? ''),
    previousPlanName: text(facts.previousPlanName),
    effectiveDate: date(facts.effectiveDate),
    premium: money(facts.premiumCents),
    taxCredit:
      typeof facts.taxCreditCents === 'number' && facts.taxCreditCents > 0 ? money(facts.taxCreditCents) : '',
    amount: money(facts.amountCents),
    paymentDate: date(facts.paymentDate),
    graceStart: date(facts.gracePeriodStartDate),
    graceEnd: date(facts.gracePeriodEndDate),
    terminationDate: date(facts.terminationDate),
    dueDate: date(facts.dueDate),
    amountDue: context.document.amountDueCents ? format.money(context.document.amountDueCents) : '',
    reinstatementEligible:
      facts.reinstatementStatus === 'Eligible' || facts.reinstatementStatus === 'Manual' ? 'yes' : '',
    reinstateBy: date(facts.reinstatementExpirationDate),
    deliveryEmail: text(facts.email),
    // The months an amount pays for: those past due, or (a termination) those reinstating would pay.
    months: monthsInText(
      Array.isArray(facts.reinstatementMonths) ? facts.reinstatementMonths : facts.months,
      format,
      language,
    ),
    claimsPendedFrom: date(facts.claimsPendedFrom),
    paidThrough: date(facts.paidThroughDate),
    binderDeadline: date(facts.binderDeadline),
    binderNotPaid: facts.reason === 'binder-not-paid',
    electronic: chosen('electronic'),
    paper: chosen('paper'),
    voluntary: facts.reason !== 'non-payment',
  };
}

/** A notice: what happened (its kind's explanation with its facts) and what the member should do. */
export function writeNotice(
  pdf: PdfWriter,
  context: DocumentContext,
  format: Formatter,
  supportLine: string,
): void {
  const { document, policy, recipient } = context;
  const t = texts(pdf.language).pdf.notice;
  const c = texts(pdf.language).pdf.common;
  const kind = noticeText(context, pdf.language);
  const values = valuesOf(context, format, pdf.language);
  pdf.facts([
    ...(recipient ? ([[c.member, recipient.name]] as const) : []),
    ...(policy ? ([[c.policyNumber, policy.policyNumber]] as const) : []),
    ...(values.planName ? ([[c.plan, values.planName]] as const) : []),
    [t.noticeDate, format.date(document.documentDate)],
    ...(values.amountDue ? ([[t.amountDue, values.amountDue]] as const) : []),
  ]);
  pdf.heading(t.meaningHeading, 2);
  for (const line of kind.meaning(values)) pdf.paragraph(line);
  pdf.heading(t.todoHeading, 2);
  for (const line of kind.todo(values)) pdf.paragraph(line);
  pdf.heading(c.questionsHeading, 2).paragraph(supportLine);
}
