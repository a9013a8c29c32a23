import type { Catalogue } from './en';

/** What the server says in Portuguese: the same keys as en.ts. */
export const pt: Catalogue = {
  mail: {
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
