import { DEFAULT_LANGUAGE, isLanguage, languageFromPreference, type Language } from '@portal/domain';
import { escapeHtml, renderPage, type PageFrame } from '../../idp/pages';
import { texts } from '../../i18n';
import type { SamlRejectReason } from './verify';

/**
 * The page a browser sees when an asserted sign-in is refused: plain, translated (SPEC §1 en/es/pt),
 * script-free HTML with a reference the help desk can find in the audit log. It never repeats what
 * was posted: the XML and its attributes stay out of the page as they stay out of the logs.
 */

export type SamlErrorKind = 'invalid' | 'expired' | 'malformed' | 'unavailable' | 'tooMany' | 'failed';

/** What the person is told for each refusal reason (the reason code itself goes only to the audit log). */
export function errorKindFor(reason: SamlRejectReason): SamlErrorKind {
  switch (reason) {
    case 'expired':
    case 'not-yet-valid':
    case 'replayed':
      return 'expired';
    case 'malformed':
      return 'malformed';
    case 'not-configured':
      return 'unavailable';
    case 'signature-invalid':
    case 'weak-signature':
    case 'issuer-mismatch':
    case 'audience-mismatch':
    case 'recipient-mismatch':
    case 'destination-mismatch':
    case 'status-not-success':
    case 'solicited-response':
    case 'invalid-assertion':
      return 'invalid';
  }
}

/**
 * The language of the page: the posted assertion's languagePreference when it can be read (SPEC §4:
 * the assertion's preference wins), else the browser's Accept-Language, else English. Reading an
 * unverified document is harmless here: it only picks one of three languages.
 */
export function errorPageLanguage(
  samlResponse: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  if (samlResponse !== undefined && samlResponse.length <= 200_000) {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const match =
      /Name="[^"]*languagePreference"[^>]*>\s*<(?:[A-Za-z0-9_-]+:)?AttributeValue[^>]*>\s*([A-Za-z]{2,3})\s*</i.exec(
        xml,
      );
    if (match?.[1]) return languageFromPreference(match[1]);
  }
  return acceptedLanguage(acceptLanguage);
}

/** The supported language the browser prefers most (RFC 9110 quality values), else the default. */
export function acceptedLanguage(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        quality: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

export function renderSamlErrorPage(
  frame: Omit<PageFrame, 'languageHref'>,
  kind: SamlErrorKind,
  requestId: string,
): string {
  const t = texts(frame.language).samlError;
  return renderPage(
    frame,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t[kind])}</p>` +
      `<p class="hint">${escapeHtml(t.reference)}: <code>${escapeHtml(requestId)}</code></p>` +
      `<p><a href="/">${escapeHtml(t.goToPortal)}</a></p>`,
  );
}
