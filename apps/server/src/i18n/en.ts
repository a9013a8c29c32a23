/**
 * What the server says in English, by area: its e-mails (`mail`) and, under `pdf`, its printed
 * documents. This catalogue is the shape of every language: es.ts and pt.ts are typed by it, so a key
 * missing there fails the type-check, and catalogue.test.ts checks that no value is empty or copied from
 * English. Read it through `texts(language)` (index.ts). A text that takes values is a function of them,
 * so each language puts them where its sentence needs them.
 */
export const en = {
  mail: {
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
    confirmBody: (hours: number) =>
      `You asked to receive your documents electronically at this address. Confirm it to turn on paperless delivery. The link works for ${hours} hours.`,
    confirmAction: 'Confirm my e-mail address',
    notYou:
      'If you did not ask for this, ignore this e-mail: nothing changes until the address is confirmed.',
    footer: (issuer: string) => `This e-mail was sent by ${issuer}. Please do not reply to it.`,
    callUs: (phone: string) => `Questions? Call ${phone}.`,
  },
};

export type Catalogue = typeof en;
