import type { Language } from '@portal/domain';
import { texts } from '../../i18n';

/**
 * The development mailbox's pages (demo mode only): server-rendered, script-free, in three languages
 * (their words are the server catalogue's `devMailbox`).
 */
const NAMES: Record<Language, string> = { en: 'English', es: 'Español', pt: 'Português' };

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Plain text with its http(s) links made clickable. */
const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f6f8f9;color:#1a1a1a;line-height:1.5}
header{background:#0d5c63;color:#fff;padding:16px 24px}header p{margin:0;font-weight:700}main{max-width:60rem;margin:24px auto;padding:0 16px}
h1{font-size:1.5rem;margin:0 0 8px}table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px;border-bottom:1px solid #d5dde2;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #d5dde2;border-radius:6px;padding:16px;font-size:.95rem}
a{color:#0b5cad}a:focus-visible{outline:3px solid #e0a800;outline-offset:2px}nav ul{list-style:none;padding:0;display:flex;gap:16px;flex-wrap:wrap}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:16px;border:1px solid #d5dde2;border-radius:6px}dt{font-weight:600}dd{margin:0;word-break:break-word}`;

function page(language: Language, title: string, body: string, here: string): string {
  const w = texts(language).devMailbox;
  const languages = (Object.keys(NAMES) as Language[])
    .map((other) =>
      other === language
        ? `<li><span lang="${other}" aria-current="true"><strong>${NAMES[other]}</strong></span></li>`
        : `<li><a lang="${other}" hreflang="${other}" href="${escapeHtml(`${here}?lang=${other}`)}">${NAMES[other]}</a></li>`,
    )
    .join('');
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><header><p>${escapeHtml(w.title)}</p></header>
<main>${body}<nav aria-label="${escapeHtml(w.language)}"><ul>${languages}</ul></nav><p><a href="/">${escapeHtml(w.portal)}</a></p></main></body></html>`;
}

export interface MailboxEntry {
  id: string;
  receivedAt: Date;
  toAddresses: string[];
  fromAddress: string;
  subject: string;
  textBody: string | null;
  htmlBody: string | null;
}

const when = (language: Language, date: Date) =>
  new Intl.DateTimeFormat({ en: 'en-US', es: 'es-US', pt: 'pt-BR' }[language], {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'America/New_York',
  }).format(date);

export function renderMailboxList(language: Language, entries: readonly MailboxEntry[]): string {
  const w = texts(language).devMailbox;
  const rows = entries
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(when(language, entry.receivedAt))}</td><td>${escapeHtml(entry.toAddresses.join(', '))}</td><td><a href="/dev/mailbox/${entry.id}?lang=${language}">${escapeHtml(entry.subject)}</a></td></tr>`,
    )
    .join('');
  const body = `<h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(w.intro)}</p>${
    entries.length === 0
      ? `<p>${escapeHtml(w.empty)}</p>`
      : `<table><caption class="sr">${escapeHtml(w.title)}</caption><thead><tr><th scope="col">${escapeHtml(w.received)}</th><th scope="col">${escapeHtml(w.to)}</th><th scope="col">${escapeHtml(w.subject)}</th></tr></thead><tbody>${rows}</tbody></table>`
  }`;
  return page(language, w.title, body, '/dev/mailbox');
}

export function renderMailboxMessage(language: Language, entry: MailboxEntry): string {
  const w = texts(language).devMailbox;
  const body = `<p><a href="/dev/mailbox?lang=${language}">${escapeHtml(w.back)}</a></p><h1>${escapeHtml(entry.subject)}</h1>
<dl><dt>${escapeHtml(w.from)}</dt><dd>${escapeHtml(entry.fromAddress)}</dd><dt>${escapeHtml(w.to)}</dt><dd>${escapeHtml(entry.toAddresses.join(', '))}</dd><dt>${escapeHtml(w.received)}</dt><dd>${escapeHtml(when(language, entry.receivedAt))}</dd></dl>
${entry.htmlBody ? `<p><a href="/dev/mailbox/${entry.id}/html">${escapeHtml(w.html)}</a></p>` : ''}
<h2>${escapeHtml(w.textHeading)}</h2><pre>${linkify(entry.textBody ?? '')}</pre>`;
  return page(language, `${entry.subject} | ${w.title}`, body, `/dev/mailbox/${entry.id}`);
}
