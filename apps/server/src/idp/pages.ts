import { LANGUAGES, type Language } from '@portal/domain';
import { texts, type Catalogue } from '../i18n';

type IdpMessages = Catalogue['idp'];

/** Server-rendered pages of the built-in identity providers: no scripts (strict CSP), accessible. */

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export interface PageFrame {
  language: Language;
  issuerName: string;
  logoUrl: string;
  /** Builds the URL of this same page in another language (for the language links). */
  languageHref?: (language: Language) => string;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', pt: 'Português' };

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f6f8f9;color:#1a1a1a;line-height:1.5}
header{background:#0d5c63;color:#fff;padding:12px 24px;display:flex;align-items:center;min-height:64px}
header img{height:36px;width:auto}
main{max-width:28rem;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #d5dde2;border-radius:8px;padding:24px}
h1{font-size:1.5rem;margin:0 0 8px}
p{margin:0 0 16px}
label{display:block;font-weight:600;margin:16px 0 4px}
input[type=text],input[type=password]{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #5f6b73;border-radius:6px}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #e0a800;outline-offset:2px}
button{font-size:1rem;font-weight:600;padding:10px 16px;border-radius:6px;border:1px solid #0d5c63;cursor:pointer;min-height:44px}
.primary{background:#0d5c63;color:#fff;width:100%;margin-top:24px}
.secondary{background:#fff;color:#0d5c63;width:100%;margin-top:12px}
a.button{display:flex;align-items:center;justify-content:center;font-weight:600;padding:10px 16px;border-radius:6px;border:1px solid #0d5c63;min-height:44px;text-decoration:none}
.error{background:#fdecea;border:1px solid #b3261e;color:#8c1d18;padding:12px;border-radius:6px;margin:16px 0 0}
a{color:#0b5cad}
nav ul{list-style:none;padding:0;margin:16px 0 0;display:flex;gap:16px;flex-wrap:wrap}
.hint{font-size:.875rem;color:#4a555c;margin-top:16px}
`;

export function renderPage(frame: PageFrame, title: string, body: string): string {
  const t = texts(frame.language).idp;
  const languageNav = frame.languageHref
    ? `<nav aria-label="${escapeHtml(t.language)}"><ul>${LANGUAGES.map((language) =>
        language === frame.language
          ? `<li><span lang="${language}" aria-current="true"><strong>${LANGUAGE_NAMES[language]}</strong></span></li>`
          : `<li><a lang="${language}" hreflang="${language}" href="${escapeHtml(frame.languageHref?.(language) ?? '#')}">${LANGUAGE_NAMES[language]}</a></li>`,
      ).join('')}</ul></nav>`
    : '';
  return `<!doctype html>
<html lang="${frame.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} | ${frame.issuerName}`)}</title><style>${STYLE}</style></head>
<body><header>${frame.logoUrl ? `<img src="${escapeHtml(frame.logoUrl)}" alt="${escapeHtml(frame.issuerName)}">` : `<strong>${escapeHtml(frame.issuerName)}</strong>`}</header>
<main><div class="card">${body}</div>${languageNav}</main></body></html>`;
}

export interface LoginPageInput {
  realm: 'consumer' | 'workforce';
  action: string;
  cancelHref: string;
  username: string;
  error: keyof Pick<IdpMessages, 'invalidCredentials' | 'missingFields' | 'tooManyAttempts'> | null;
  showDemoHint: boolean;
}

export function renderLoginPage(frame: PageFrame, input: LoginPageInput): string {
  const t = texts(frame.language).idp;
  const title = input.realm === 'consumer' ? t.consumerTitle : t.workforceTitle;
  const intro = input.realm === 'consumer' ? t.consumerIntro : t.workforceIntro;
  const error = input.error
    ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(t[input.error])}</p>`
    : '';
  const described = input.error ? ' aria-describedby="sign-in-error" aria-invalid="true"' : '';
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<label for="username">${escapeHtml(t.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="100" value="${escapeHtml(input.username)}"${described}${input.username ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"${described}${input.username ? ' autofocus' : ''}>
<button class="primary" type="submit">${escapeHtml(t.signIn)}</button>
</form>
<p class="hint"><a href="${escapeHtml(input.cancelHref)}">${escapeHtml(t.cancel)}</a></p>
${input.showDemoHint ? `<p class="hint">${escapeHtml(t.demoHint)}</p>` : ''}`;
  return renderPage(frame, title, body);
}

/**
 * The sign-out confirmation. "Yes" submits the provider's form with `logout=yes` (ends the provider
 * session and every grant of it); "No, stay signed in" is a link back to the portal that submits
 * nothing, since any submission of the form ends at least the portal's grant.
 */
export function renderLogoutPage(frame: PageFrame, form: string, stayHref: string): string {
  const t = texts(frame.language).idp;
  const body = `<h1>${escapeHtml(t.signOutTitle)}</h1><p>${escapeHtml(t.signOutQuestion)}</p>${form}
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.signOutConfirm)}</button>
<a class="secondary button" href="${escapeHtml(stayHref)}">${escapeHtml(t.signOutCancel)}</a>`;
  return renderPage(frame, t.signOutTitle, body);
}

export function renderSignedOutPage(frame: PageFrame, portalUrl: string): string {
  const t = texts(frame.language).idp;
  return renderPage(
    frame,
    t.signedOutTitle,
    `<h1>${escapeHtml(t.signedOutTitle)}</h1><p>${escapeHtml(t.signedOutBody)}</p><p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t.backToPortal)}</a></p>`,
  );
}

export function renderErrorPage(
  frame: PageFrame,
  portalUrl: string,
  messageKey: 'errorBody' | 'sessionExpired' = 'errorBody',
): string {
  const t = texts(frame.language).idp;
  return renderPage(
    frame,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1><p role="alert">${escapeHtml(t[messageKey])}</p><p><a href="${escapeHtml(portalUrl)}">${escapeHtml(t.backToPortal)}</a></p>`,
  );
}

export interface ConsentPageInput {
  action: string;
  app: { name: string; publisher: string };
  /** The scopes the app asks for (the consent screen lists what each lets it read). */
  scopes: readonly string[];
}

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? '');

/**
 * SMART on FHIR consent (issue 37, docs/decisions/054): what a registered app asks to read, in plain
 * words, and two buttons. No scripts; the list is a list, the buttons say what they do.
 */
export function renderConsentPage(frame: PageFrame, input: ConsentPageInput): string {
  const t = texts(frame.language).idp;
  const values = { app: input.app.name, publisher: input.app.publisher, issuer: frame.issuerName };
  const asked = new Set(input.scopes);
  const items = [
    asked.has('patient/Patient.rs') ? t.consentPatient : null,
    asked.has('patient/Coverage.rs') ? t.consentCoverage : null,
    asked.has('openid') || asked.has('fhirUser') ? t.consentIdentity : null,
    asked.has('profile') ? t.consentProfile : null,
    asked.has('email') ? t.consentEmail : null,
    asked.has('offline_access') ? t.consentOffline : null,
  ].filter((item): item is string => item !== null);
  const title = fill(t.consentTitle, values);
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(fill(t.consentIntro, values))}</p>
<h2 id="consent-list" style="font-size:1.125rem;margin:16px 0 8px">${escapeHtml(fill(t.consentListLabel, values))}</h2>
<ul aria-labelledby="consent-list">${items.map((item) => `<li>${escapeHtml(fill(item, values))}</li>`).join('')}</ul>
<p class="hint">${escapeHtml(t.consentRevoke)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="lang" value="${frame.language}">
<button class="primary" type="submit" name="decision" value="allow">${escapeHtml(t.consentAllow)}</button>
<button class="secondary" type="submit" name="decision" value="deny">${escapeHtml(t.consentDeny)}</button>
</form>`;
  return renderPage(frame, title, body);
}
