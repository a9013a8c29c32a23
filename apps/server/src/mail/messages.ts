import { texts } from '../i18n';
import type { Branding } from '../pdf/branding';

/**
 * The portal's e-mails, in the member's language, plain text plus HTML. They carry no health or
 * payment facts (DOMAIN: minimum necessary): only that something arrived and where to sign in to read
 * it, or the link that confirms an address. Their words are in the server's catalogue (i18n/, `mail`).
 */
export type MailLanguage = 'en' | 'es' | 'pt';
export type DocumentKind = 'invoice' | 'notice' | 'tax';

const escape = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function compose(
  branding: Branding,
  language: MailLanguage,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  after: string[] = [],
): RenderedMail {
  const w = texts(language).mail;
  const closing = [
    ...(branding.supportPhone ? [w.callUs(branding.supportPhone)] : []),
    w.footer(branding.issuerName),
  ];
  const text = [
    w.hello,
    '',
    ...paragraphs,
    '',
    `${action.label}: ${action.url}`,
    '',
    ...after,
    ...(after.length ? [''] : []),
    ...closing,
  ].join('\n');
  const colour = branding.primaryColor;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f8f9;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:3px solid ${colour}"><p style="margin:0;font-size:20px;font-weight:bold;color:${colour}">${escape(branding.issuerName)}</p></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escape(subject)}</h1>
<p style="margin:0 0 12px">${escape(w.hello)}</p>
${paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escape(paragraph)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="display:inline-block;background:${colour};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escape(action.label)}</a></p>
${after.map((paragraph) => `<p style="margin:0 0 12px;color:#555555;font-size:14px">${escape(paragraph)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dde3e6;color:#555555;font-size:13px">${closing.map(escape).join('<br>')}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject, text, html };
}

/** "A document arrived; sign in to read it" (paperless delivery). */
export function documentIssuedMail(
  branding: Branding,
  language: MailLanguage,
  kind: DocumentKind,
  portalUrl: string,
): RenderedMail {
  const w = texts(language).mail;
  return compose(branding, language, w.documentSubject[kind], [w.documentBody[kind]], {
    label: w.signIn,
    url: portalUrl,
  });
}

/** "You have a new message; sign in to read it" (any other notification, for paperless members). */
export function newMessageMail(branding: Branding, language: MailLanguage, portalUrl: string): RenderedMail {
  const w = texts(language).mail;
  return compose(branding, language, w.messageSubject, [w.messageBody], { label: w.signIn, url: portalUrl });
}

/** The link that confirms a paperless address (SPEC §2 /admin/email-confirmation). */
export function emailConfirmationMail(
  branding: Branding,
  language: MailLanguage,
  confirmUrl: string,
  hours: number,
): RenderedMail {
  const w = texts(language).mail;
  return compose(
    branding,
    language,
    w.confirmSubject,
    [w.confirmBody(hours)],
    { label: w.confirmAction, url: confirmUrl },
    [w.notYou],
  );
}
