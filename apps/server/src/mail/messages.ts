import type { Branding } from '../pdf/branding';

/**
 * The portal's e-mails, in the member's language, plain text plus HTML. They carry no health or
 * payment facts (DOMAIN: minimum necessary): only that something arrived and where to sign in to read
 * it, or the link that confirms an address.
 */
export type MailLanguage = 'en' | 'es' | 'pt';
export type DocumentKind = 'invoice' | 'notice' | 'tax';

interface Words {
  hello: string;
  documentSubject: Record<DocumentKind, string>;
  documentBody: Record<DocumentKind, string>;
  messageSubject: string;
  messageBody: string;
  signIn: string;
  confirmSubject: string;
  confirmBody: (hours: number) => string;
  confirmAction: string;
  notYou: string;
  footer: (issuer: string) => string;
  callUs: (phone: string) => string;
}

const WORDS: Record<MailLanguage, Words> = {
  en: {
    hello: 'Hello,',
    documentSubject: {
      invoice: 'Your new invoice is ready',
      notice: 'You have a new notice',
      tax: 'Your tax form is ready',
    },
    documentBody: {
      invoice: 'A new invoice is in your member portal.',
      notice: 'A new notice about your coverage is in your member portal.',
      tax: 'A tax form you need to file your taxes is in your member portal.',
    },
    messageSubject: 'You have a new message',
    messageBody: 'You have a new message in your member portal.',
    signIn: 'Sign in to read it',
    confirmSubject: 'Confirm your e-mail address for paperless delivery',
    confirmBody: (hours) =>
      `You asked to receive your documents electronically at this address. Confirm it to turn on paperless delivery. The link works for ${hours} hours.`,
    confirmAction: 'Confirm my e-mail address',
    notYou:
      'If you did not ask for this, ignore this e-mail: nothing changes until the address is confirmed.',
    footer: (issuer) => `This e-mail was sent by ${issuer}. Please do not reply to it.`,
    callUs: (phone) => `Questions? Call ${phone}.`,
  },
  es: {
    hello: 'Hola:',
    documentSubject: {
      invoice: 'Su nueva factura está lista',
      notice: 'Tiene un aviso nuevo',
      tax: 'Su formulario de impuestos está listo',
    },
    documentBody: {
      invoice: 'Hay una nueva factura en su portal para miembros.',
      notice: 'Hay un aviso nuevo sobre su cobertura en su portal para miembros.',
      tax: 'Hay un formulario que necesita para declarar sus impuestos en su portal para miembros.',
    },
    messageSubject: 'Tiene un mensaje nuevo',
    messageBody: 'Tiene un mensaje nuevo en su portal para miembros.',
    signIn: 'Inicie sesión para leerlo',
    confirmSubject: 'Confirme su correo electrónico para recibir documentos electrónicos',
    confirmBody: (hours) =>
      `Pidió recibir sus documentos de forma electrónica en esta dirección. Confírmela para activar la entrega electrónica. El enlace funciona durante ${hours} horas.`,
    confirmAction: 'Confirmar mi correo electrónico',
    notYou: 'Si usted no lo pidió, ignore este mensaje: nada cambia hasta que se confirme la dirección.',
    footer: (issuer) => `Este mensaje lo envió ${issuer}. Por favor, no lo responda.`,
    callUs: (phone) => `¿Preguntas? Llame al ${phone}.`,
  },
  pt: {
    hello: 'Olá,',
    documentSubject: {
      invoice: 'Sua nova fatura está pronta',
      notice: 'Você tem um novo aviso',
      tax: 'Seu formulário de impostos está pronto',
    },
    documentBody: {
      invoice: 'Há uma nova fatura no seu portal do membro.',
      notice: 'Há um novo aviso sobre a sua cobertura no seu portal do membro.',
      tax: 'Há um formulário de que você precisa para declarar seus impostos no seu portal do membro.',
    },
    messageSubject: 'Você tem uma nova mensagem',
    messageBody: 'Você tem uma nova mensagem no seu portal do membro.',
    signIn: 'Entre para ler',
    confirmSubject: 'Confirme seu e-mail para receber documentos digitais',
    confirmBody: (hours) =>
      `Você pediu para receber seus documentos eletronicamente neste endereço. Confirme-o para ativar a entrega digital. O link funciona por ${hours} horas.`,
    confirmAction: 'Confirmar meu e-mail',
    notYou: 'Se você não pediu isso, ignore este e-mail: nada muda até que o endereço seja confirmado.',
    footer: (issuer) => `Este e-mail foi enviado por ${issuer}. Por favor, não responda.`,
    callUs: (phone) => `Dúvidas? Ligue para ${phone}.`,
  },
};

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
  const w = WORDS[language];
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
  const w = WORDS[language];
  return compose(branding, language, w.documentSubject[kind], [w.documentBody[kind]], {
    label: w.signIn,
    url: portalUrl,
  });
}

/** "You have a new message; sign in to read it" (any other notification, for paperless members). */
export function newMessageMail(branding: Branding, language: MailLanguage, portalUrl: string): RenderedMail {
  const w = WORDS[language];
  return compose(branding, language, w.messageSubject, [w.messageBody], { label: w.signIn, url: portalUrl });
}

/** The link that confirms a paperless address (SPEC §2 /admin/email-confirmation). */
export function emailConfirmationMail(
  branding: Branding,
  language: MailLanguage,
  confirmUrl: string,
  hours: number,
): RenderedMail {
  const w = WORDS[language];
  return compose(
    branding,
    language,
    w.confirmSubject,
    [w.confirmBody(hours)],
    { label: w.confirmAction, url: confirmUrl },
    [w.notYou],
  );
}
