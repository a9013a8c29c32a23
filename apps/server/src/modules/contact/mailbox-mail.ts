import type { RenderedMail } from '../../mail/messages';

/**
 * The e-mail to the tenant's contact-number mailbox (SPEC §3 "mailbox names for contact-number change"):
 * the issuer's own staff update the systems the portal does not reach (billing, the call centre's
 * records). Written in English for staff; it names the policy and the numbers, nothing about health or
 * payments.
 */
export interface ContactNumberChange {
  issuerName: string;
  referenceNumber: string;
  policyNumber: string | null;
  exchangeSubscriberId: string | null;
  subscriberName: string | null;
  memberFolderId: string | null;
  changedBy: string;
  at: Date;
  home: { before: string | null; after: string | null };
  mobile: { before: string | null; after: string | null };
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const shown = (value: string | null) => value ?? '(none)';

export function contactNumberChangeMail(change: ContactNumberChange): RenderedMail {
  const subject = `Contact number change ${change.referenceNumber}${change.policyNumber ? ` — policy ${change.policyNumber}` : ''}`;
  const rows: [string, string][] = [
    ['Service request', change.referenceNumber],
    ['Policy', shown(change.policyNumber)],
    ['Exchange subscriber ID', shown(change.exchangeSubscriberId)],
    ['Subscriber', shown(change.subscriberName)],
    ['Member folder', shown(change.memberFolderId)],
    ['Home phone', `${shown(change.home.before)} → ${shown(change.home.after)}`],
    ['Mobile phone', `${shown(change.mobile.before)} → ${shown(change.mobile.after)}`],
    ['Changed by', change.changedBy],
    ['When', change.at.toISOString()],
  ];
  const intro = `A contact number was changed in the ${change.issuerName} member portal. It is already in force in the portal; please update the other records.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif">
<p>${escape(intro)}</p>
<table role="presentation" cellpadding="4">${rows.map(([label, value]) => `<tr><th align="left">${escape(label)}</th><td>${escape(value)}</td></tr>`).join('')}</table>
</body></html>`;
  return { subject, text, html };
}
