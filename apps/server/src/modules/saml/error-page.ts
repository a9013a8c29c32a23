import { DEFAULT_LANGUAGE, isLanguage, languageFromPreference, type Language } from '@portal/domain';
import { escapeHtml, renderPage, type PageFrame } from '../../idp/pages';
import type { SamlRejectReason } from './verify';

/**
 * The page a browser sees when an asserted sign-in is refused: plain, translated (SPEC §1 en/es/pt),
 * script-free HTML with a reference the help desk can find in the audit log. It never repeats what
 * was posted: the XML and its attributes stay out of the page as they stay out of the logs.
 */

export type SamlErrorKind = 'invalid' | 'expired' | 'malformed' | 'unavailable' | 'tooMany' | 'failed';

const messages: Record<Language, Record<SamlErrorKind | 'title' | 'goToPortal' | 'reference', string>> = {
  en: {
    title: 'We could not sign you in',
    invalid:
      'The sign-in information sent by the referring site could not be verified. Please go back to that site and start again.',
    expired:
      'This sign-in link has expired or has already been used. Please go back to the site that sent you and start again.',
    malformed:
      'The sign-in request was incomplete. Please go back to the site that sent you and start again.',
    unavailable:
      'Signing in from a partner site is not available right now. Please sign in to the portal directly.',
    tooMany: 'Too many sign-in attempts. Please wait a minute and try again.',
    failed: 'Something went wrong on our side. Please try again in a few minutes.',
    goToPortal: 'Go to the portal',
    reference: 'Reference for the help desk',
  },
  es: {
    title: 'No pudimos iniciar su sesión',
    invalid:
      'No pudimos verificar la información de inicio de sesión enviada por el sitio de origen. Vuelva a ese sitio y empiece de nuevo.',
    expired:
      'Este enlace de inicio de sesión venció o ya se usó. Vuelva al sitio que lo envió aquí y empiece de nuevo.',
    malformed:
      'La solicitud de inicio de sesión estaba incompleta. Vuelva al sitio que lo envió aquí y empiece de nuevo.',
    unavailable:
      'El inicio de sesión desde un sitio asociado no está disponible en este momento. Inicie sesión directamente en el portal.',
    tooMany: 'Demasiados intentos de inicio de sesión. Espere un minuto e inténtelo de nuevo.',
    failed: 'Algo salió mal de nuestro lado. Inténtelo de nuevo en unos minutos.',
    goToPortal: 'Ir al portal',
    reference: 'Referencia para la mesa de ayuda',
  },
  pt: {
    title: 'Não foi possível fazer o seu acesso',
    invalid:
      'Não foi possível verificar as informações de acesso enviadas pelo site de origem. Volte a esse site e comece novamente.',
    expired:
      'Este link de acesso expirou ou já foi usado. Volte ao site que o enviou para cá e comece novamente.',
    malformed:
      'A solicitação de acesso estava incompleta. Volte ao site que o enviou para cá e comece novamente.',
    unavailable:
      'O acesso a partir de um site parceiro não está disponível no momento. Entre diretamente no portal.',
    tooMany: 'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
    failed: 'Algo deu errado do nosso lado. Tente novamente em alguns minutos.',
    goToPortal: 'Ir para o portal',
    reference: 'Referência para o suporte',
  },
};

export const samlErrorMessages: Readonly<typeof messages> = messages;

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
  const t = messages[frame.language];
  return renderPage(
    frame,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t[kind])}</p>` +
      `<p class="hint">${escapeHtml(t.reference)}: <code>${escapeHtml(requestId)}</code></p>` +
      `<p><a href="/">${escapeHtml(t.goToPortal)}</a></p>`,
  );
}
