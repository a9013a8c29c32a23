import type { FieldErrorCode } from './validation';

/**
 * The hosted fields' words in the portal's three languages (the portal passes `lang`). Each error is
 * a whole sentence per field, so Spanish and Portuguese agree with the field's name.
 */
export type HostedFieldsLanguage = 'en' | 'es' | 'pt';

export interface HostedFieldsMessages {
  title: { card: string; bankAccount: string };
  secureNote: string;
  labels: {
    number: string;
    expiry: string;
    cvc: string;
    postalCode: string;
    routingNumber: string;
    accountNumber: string;
    accountNumberConfirmation: string;
    accountType: string;
    checking: string;
    savings: string;
  };
  hints: { expiry: string; cvc: string; postalCode: string; routingNumber: string; accountNumber: string };
  errors: Record<string, Partial<Record<FieldErrorCode, string>>>;
  unavailable: string;
  /** The tokenisation session ran out (the portal loads the form anew in a new one). */
  expired: string;
  badRequest: string;
}

const en: HostedFieldsMessages = {
  title: { card: 'Card details', bankAccount: 'Bank account details' },
  secureNote: 'These details go straight to our payment processor. The portal never sees or stores them.',
  labels: {
    number: 'Card number',
    expiry: 'Expiration date',
    cvc: 'Security code (CVC)',
    postalCode: 'Billing ZIP code',
    routingNumber: 'Routing number',
    accountNumber: 'Account number',
    accountNumberConfirmation: 'Confirm account number',
    accountType: 'Account type',
    checking: 'Checking',
    savings: 'Savings',
  },
  hints: {
    expiry: 'MM/YY, as printed on the card.',
    cvc: '3 digits on the back; 4 on the front for American Express.',
    postalCode: 'The ZIP code of the card’s billing address.',
    routingNumber: '9 digits, bottom left of a check.',
    accountNumber: 'Up to 17 digits, after the routing number on a check.',
  },
  errors: {
    number: {
      required: 'Enter the card number.',
      'card-number-invalid': 'This card number is not valid. Check it and try again.',
      'card-brand-unsupported': 'We accept Visa, Mastercard, American Express and Discover.',
    },
    expiry: {
      required: 'Enter the expiration date.',
      'expiry-invalid': 'Enter the expiration date as MM/YY.',
      'expiry-past': 'This card has expired.',
    },
    cvc: {
      required: 'Enter the security code.',
      'cvc-invalid': 'The security code has 3 digits (4 for American Express).',
    },
    postalCode: {
      required: 'Enter the billing ZIP code.',
      'postal-code-invalid': 'Enter a 5-digit ZIP code.',
    },
    routingNumber: {
      required: 'Enter the routing number.',
      'routing-number-invalid': 'This routing number is not valid. Check the 9 digits.',
    },
    accountNumber: {
      required: 'Enter the account number.',
      'account-number-invalid': 'The account number has 4 to 17 digits.',
    },
    accountNumberConfirmation: {
      required: 'Enter the account number again.',
      'account-number-mismatch': 'The account numbers do not match.',
    },
    accountType: { 'account-type-required': 'Choose checking or savings.' },
  },
  unavailable: 'We could not reach the payment processor. Try again in a moment.',
  expired: 'This form has expired for your security. A new one is loading: enter the details again.',
  badRequest: 'This payment form cannot be shown here.',
};

const es: HostedFieldsMessages = {
  title: { card: 'Datos de la tarjeta', bankAccount: 'Datos de la cuenta bancaria' },
  secureNote:
    'Estos datos van directamente a nuestro procesador de pagos. El portal nunca los ve ni los guarda.',
  labels: {
    number: 'Número de tarjeta',
    expiry: 'Fecha de vencimiento',
    cvc: 'Código de seguridad (CVC)',
    postalCode: 'Código postal de facturación',
    routingNumber: 'Número de ruta',
    accountNumber: 'Número de cuenta',
    accountNumberConfirmation: 'Confirme el número de cuenta',
    accountType: 'Tipo de cuenta',
    checking: 'Corriente',
    savings: 'Ahorros',
  },
  hints: {
    expiry: 'MM/AA, como aparece en la tarjeta.',
    cvc: '3 dígitos al reverso; 4 al frente en American Express.',
    postalCode: 'El código postal de la dirección de facturación de la tarjeta.',
    routingNumber: '9 dígitos, abajo a la izquierda en un cheque.',
    accountNumber: 'Hasta 17 dígitos, después del número de ruta en un cheque.',
  },
  errors: {
    number: {
      required: 'Escriba el número de tarjeta.',
      'card-number-invalid': 'Este número de tarjeta no es válido. Revíselo e inténtelo de nuevo.',
      'card-brand-unsupported': 'Aceptamos Visa, Mastercard, American Express y Discover.',
    },
    expiry: {
      required: 'Escriba la fecha de vencimiento.',
      'expiry-invalid': 'Escriba la fecha de vencimiento como MM/AA.',
      'expiry-past': 'Esta tarjeta está vencida.',
    },
    cvc: {
      required: 'Escriba el código de seguridad.',
      'cvc-invalid': 'El código de seguridad tiene 3 dígitos (4 en American Express).',
    },
    postalCode: {
      required: 'Escriba el código postal de facturación.',
      'postal-code-invalid': 'Escriba un código postal de 5 dígitos.',
    },
    routingNumber: {
      required: 'Escriba el número de ruta.',
      'routing-number-invalid': 'Este número de ruta no es válido. Revise los 9 dígitos.',
    },
    accountNumber: {
      required: 'Escriba el número de cuenta.',
      'account-number-invalid': 'El número de cuenta tiene de 4 a 17 dígitos.',
    },
    accountNumberConfirmation: {
      required: 'Escriba otra vez el número de cuenta.',
      'account-number-mismatch': 'Los números de cuenta no coinciden.',
    },
    accountType: { 'account-type-required': 'Elija corriente o ahorros.' },
  },
  unavailable: 'No pudimos comunicarnos con el procesador de pagos. Inténtelo de nuevo en un momento.',
  expired:
    'Este formulario caducó por su seguridad. Se está cargando uno nuevo: vuelva a ingresar los datos.',
  badRequest: 'Este formulario de pago no se puede mostrar aquí.',
};

const pt: HostedFieldsMessages = {
  title: { card: 'Dados do cartão', bankAccount: 'Dados da conta bancária' },
  secureNote:
    'Estes dados vão diretamente para o nosso processador de pagamentos. O portal nunca os vê nem os guarda.',
  labels: {
    number: 'Número do cartão',
    expiry: 'Data de validade',
    cvc: 'Código de segurança (CVC)',
    postalCode: 'Código postal (ZIP) de cobrança',
    routingNumber: 'Número de roteamento (routing)',
    accountNumber: 'Número da conta',
    accountNumberConfirmation: 'Confirme o número da conta',
    accountType: 'Tipo de conta',
    checking: 'Corrente',
    savings: 'Poupança',
  },
  hints: {
    expiry: 'MM/AA, como impresso no cartão.',
    cvc: '3 dígitos no verso; 4 na frente no American Express.',
    postalCode: 'O código postal (ZIP) do endereço de cobrança do cartão.',
    routingNumber: '9 dígitos, no canto inferior esquerdo de um cheque.',
    accountNumber: 'Até 17 dígitos, depois do número de roteamento num cheque.',
  },
  errors: {
    number: {
      required: 'Digite o número do cartão.',
      'card-number-invalid': 'Este número de cartão não é válido. Verifique-o e tente novamente.',
      'card-brand-unsupported': 'Aceitamos Visa, Mastercard, American Express e Discover.',
    },
    expiry: {
      required: 'Digite a data de validade.',
      'expiry-invalid': 'Digite a data de validade como MM/AA.',
      'expiry-past': 'Este cartão está vencido.',
    },
    cvc: {
      required: 'Digite o código de segurança.',
      'cvc-invalid': 'O código de segurança tem 3 dígitos (4 no American Express).',
    },
    postalCode: {
      required: 'Digite o código postal (ZIP) de cobrança.',
      'postal-code-invalid': 'Digite um código postal (ZIP) de 5 dígitos.',
    },
    routingNumber: {
      required: 'Digite o número de roteamento.',
      'routing-number-invalid': 'Este número de roteamento não é válido. Verifique os 9 dígitos.',
    },
    accountNumber: {
      required: 'Digite o número da conta.',
      'account-number-invalid': 'O número da conta tem de 4 a 17 dígitos.',
    },
    accountNumberConfirmation: {
      required: 'Digite novamente o número da conta.',
      'account-number-mismatch': 'Os números da conta não coincidem.',
    },
    accountType: { 'account-type-required': 'Escolha corrente ou poupança.' },
  },
  unavailable: 'Não foi possível contatar o processador de pagamentos. Tente novamente em instantes.',
  expired:
    'Este formulário expirou para sua segurança. Um novo está sendo carregado: digite os dados novamente.',
  badRequest: 'Este formulário de pagamento não pode ser exibido aqui.',
};

export const HOSTED_FIELDS_MESSAGES: Record<HostedFieldsLanguage, HostedFieldsMessages> = { en, es, pt };

export const hostedFieldsLanguage = (value: unknown): HostedFieldsLanguage =>
  value === 'es' || value === 'pt' ? value : 'en';
