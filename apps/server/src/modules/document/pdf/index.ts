import type { Branding } from '../../../pdf/branding';
import { formatterFor } from '../../../pdf/format';
import { PdfWriter, type PdfLanguage } from '../../../pdf/pdf-writer';
import type { DocumentContext } from './context';
import { writeInvoice, invoiceTitle } from './render-invoice';
import { noticeText, writeNotice } from './render-notice';
import { taxTitle, writeTaxForm } from './render-tax';
import { texts } from '../../../i18n';

export { documentContext, type DocumentContext } from './context';

export interface RenderedDocument {
  bytes: Buffer;
  title: string;
  /** A download name without personal data: kind, date and language. */
  filename: string;
}

/** The printable document (DOMAIN "Documents") from its stored facts, in `language`, under the issuer's branding. */
export async function renderDocumentPdf(
  context: DocumentContext,
  branding: Branding,
  language: PdfLanguage,
): Promise<RenderedDocument> {
  const format = formatterFor(language);
  const { document } = context;
  const common = texts(language).pdf.common;
  const title =
    document.type === 'invoice'
      ? invoiceTitle(context, format, language)
      : document.type === 'notice'
        ? noticeText(context, language).title
        : taxTitle(context, language);
  const supportLine = branding.supportPhone
    ? common.questions(branding.supportPhone, branding.supportHours)
    : branding.issuerName;
  const pdf = new PdfWriter({
    branding,
    language,
    title,
    subject: `${branding.issuerName}: ${title}`,
    pageLabel: common.page,
    footer: `${branding.issuerName} · ${supportLine}`,
  });
  switch (document.type) {
    case 'invoice':
      writeInvoice(pdf, context, branding, format);
      break;
    case 'notice':
      writeNotice(pdf, context, format, supportLine);
      break;
    case 'tax':
      writeTaxForm(pdf, context, format, branding);
      break;
  }
  const bytes = await pdf.finish();
  const kind =
    document.type === 'tax'
      ? `${document.subtype}-${document.taxYear ?? ''}`
      : `${document.type}-${document.subtype}`;
  return { bytes, title, filename: `${kind}-${document.documentDate}-${language}.pdf`.toLowerCase() };
}
