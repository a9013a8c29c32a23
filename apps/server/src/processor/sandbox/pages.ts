import { HOSTED_FIELDS_MESSAGES, type HostedFieldsLanguage, type HostedFieldsMessages } from './i18n';

/**
 * The hosted fields pages (docs/decisions/016): served on the processor's own origin and framed by the
 * portal, so card and bank numbers are typed into a page the portal cannot read. No inline script or
 * style (strict CSP): the script and stylesheet are files of the same origin, the words a JSON data block.
 */

export type HostedFieldsKind = 'card' | 'bank-account';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface InputSpec {
  name: string;
  label: string;
  hint?: string;
  autocomplete: string;
  maxLength: number;
  inputMode?: 'numeric';
}

function input(spec: InputSpec): string {
  const described = [spec.hint ? `${spec.name}-hint` : null, `${spec.name}-error`].filter(Boolean).join(' ');
  return `<div class="field" data-field="${spec.name}">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<input id="${spec.name}" name="${spec.name}" type="text" autocomplete="${spec.autocomplete}" maxlength="${spec.maxLength}"${spec.inputMode ? ` inputmode="${spec.inputMode}"` : ''} spellcheck="false" autocapitalize="off" aria-invalid="false" aria-describedby="${described}" required>
${spec.hint ? `<p class="hint" id="${spec.name}-hint">${escapeHtml(spec.hint)}</p>` : ''}
<p class="error" id="${spec.name}-error"></p>
</div>`;
}

function cardFields(m: HostedFieldsMessages): string {
  return [
    input({
      name: 'number',
      label: m.labels.number,
      autocomplete: 'cc-number',
      maxLength: 23,
      inputMode: 'numeric',
    }),
    `<div class="row">${input({ name: 'expiry', label: m.labels.expiry, hint: m.hints.expiry, autocomplete: 'cc-exp', maxLength: 7, inputMode: 'numeric' })}${input(
      {
        name: 'cvc',
        label: m.labels.cvc,
        hint: m.hints.cvc,
        autocomplete: 'cc-csc',
        maxLength: 4,
        inputMode: 'numeric',
      },
    )}</div>`,
    input({
      name: 'postalCode',
      label: m.labels.postalCode,
      hint: m.hints.postalCode,
      autocomplete: 'billing postal-code',
      maxLength: 10,
      inputMode: 'numeric',
    }),
  ].join('\n');
}

function bankFields(m: HostedFieldsMessages): string {
  return [
    input({
      name: 'routingNumber',
      label: m.labels.routingNumber,
      hint: m.hints.routingNumber,
      autocomplete: 'off',
      maxLength: 9,
      inputMode: 'numeric',
    }),
    input({
      name: 'accountNumber',
      label: m.labels.accountNumber,
      hint: m.hints.accountNumber,
      autocomplete: 'off',
      maxLength: 17,
      inputMode: 'numeric',
    }),
    input({
      name: 'accountNumberConfirmation',
      label: m.labels.accountNumberConfirmation,
      autocomplete: 'off',
      maxLength: 17,
      inputMode: 'numeric',
    }),
    `<fieldset class="field" data-field="accountType" aria-describedby="accountType-error">
<legend>${escapeHtml(m.labels.accountType)}</legend>
<div class="choices">
<label class="choice"><input type="radio" name="accountType" value="Checking" checked> ${escapeHtml(m.labels.checking)}</label>
<label class="choice"><input type="radio" name="accountType" value="Savings"> ${escapeHtml(m.labels.savings)}</label>
</div>
<p class="error" id="accountType-error"></p>
</fieldset>`,
  ].join('\n');
}

/** The words the script needs (errors by field and code), as a JSON data block safe inside <script>. */
function messagesBlock(m: HostedFieldsMessages): string {
  return JSON.stringify({ errors: m.errors, unavailable: m.unavailable, expired: m.expired }).replace(
    /</g,
    '\\u003c',
  );
}

/** `session`: the tokenisation session the portal opened (docs/decisions/039); the script sends it with the numbers. */
export function hostedFieldsPage(
  kind: HostedFieldsKind,
  language: HostedFieldsLanguage,
  parentOrigin: string,
  session: string,
): string {
  const m = HOSTED_FIELDS_MESSAGES[language];
  const title = kind === 'card' ? m.title.card : m.title.bankAccount;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/hosted-fields/assets/fields.css"></head>
<body><main>
<h1 class="visually-hidden">${escapeHtml(title)}</h1>
<form id="hosted-fields" novalidate data-kind="${kind === 'card' ? 'card' : 'bankAccount'}" data-parent-origin="${escapeHtml(parentOrigin)}" data-session="${escapeHtml(session)}">
<p class="note">${escapeHtml(m.secureNote)}</p>
${kind === 'card' ? cardFields(m) : bankFields(m)}
<p class="form-error" id="form-error" role="alert"></p>
</form>
</main>
<script type="application/json" id="messages">${messagesBlock(m)}</script>
<script src="/hosted-fields/assets/fields.js"></script>
</body></html>`;
}

export function badRequestPage(language: HostedFieldsLanguage): string {
  const m = HOSTED_FIELDS_MESSAGES[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(m.badRequest)}</title></head>
<body><main><h1>${escapeHtml(m.badRequest)}</h1></main></body></html>`;
}
