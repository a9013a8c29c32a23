import type { Catalogue } from './en';

/** What the server says in Spanish: the same keys as en.ts. */
export const es: Catalogue = {
  mail: {
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
};
