import type { PdfLanguage } from '../../../pdf/pdf-writer';

/** An invoice's words (DOMAIN "Documents": period, premium, subsidies, amount due, due date, past due). */
export interface InvoiceTexts {
  monthlyTitle: (month: string) => string;
  binderTitle: string;
  account: string;
  billingPeriod: string;
  invoiceDate: string;
  dueDate: string;
  amountDue: string;
  charges: string;
  description: string;
  amount: string;
  premium: string;
  taxCredit: string;
  otherSubsidy: string;
  employerContribution: string;
  hra: string;
  currentCharges: string;
  pastDue: string;
  credit: string;
  paymentsReceived: string;
  date: string;
  method: string;
  card: (digits: string | null) => string;
  bank: (digits: string | null) => string;
  noPayments: string;
  howToPay: string;
  online: string;
  autopayOn: string;
  byCheck: (payee: string, address: string, policyNumber: string) => string;
  byPhone: (phone: string) => string;
  lateWarning: string;
  binderWarning: string;
  nothingDue: string;
}

export const INVOICE: Record<PdfLanguage, InvoiceTexts> = {
  en: {
    monthlyTitle: (month) => `Premium invoice for ${month}`,
    binderTitle: 'First premium (binder payment) invoice',
    account: 'Account',
    billingPeriod: 'Billing period',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    amountDue: 'Amount due',
    charges: 'Charges',
    description: 'Description',
    amount: 'Amount',
    premium: 'Monthly premium',
    taxCredit: 'Advance premium tax credit (APTC)',
    otherSubsidy: 'Other subsidies',
    employerContribution: 'Employer contribution',
    hra: 'Health reimbursement arrangement (HRA)',
    currentCharges: 'Your share this month',
    pastDue: 'Past due',
    credit: 'Credit on account',
    paymentsReceived: 'Payments received',
    date: 'Date',
    method: 'Method',
    card: (digits) => (digits ? `Card ending in ${digits}` : 'Card'),
    bank: (digits) => (digits ? `Bank account ending in ${digits}` : 'Bank account'),
    noPayments: 'No payments were received since your last invoice.',
    howToPay: 'How to pay',
    online:
      'Online: sign in to the member portal and choose "Make a payment". You can also pay from a saved card or bank account, or set up autopay.',
    autopayOn:
      'Autopay is on for this policy: the amount due is paid automatically from your saved payment method. You do not need to do anything.',
    byCheck: (payee, address, policyNumber) =>
      `By check: make it payable to ${payee} and mail it to ${address}. Write your policy number (${policyNumber}) on the check.`,
    byPhone: (phone) => `By phone: call ${phone}.`,
    lateWarning:
      'If the amount due is not paid by the due date, your coverage may enter a grace period and could end.',
    binderWarning: 'Your coverage starts only once this first payment is received by the due date.',
    nothingDue: 'Nothing is due: thank you.',
  },
  es: {
    monthlyTitle: (month) => `Factura de prima de ${month}`,
    binderTitle: 'Factura del primer pago de prima (pago inicial)',
    account: 'Cuenta',
    billingPeriod: 'Período de facturación',
    invoiceDate: 'Fecha de la factura',
    dueDate: 'Fecha de vencimiento',
    amountDue: 'Monto a pagar',
    charges: 'Cargos',
    description: 'Descripción',
    amount: 'Monto',
    premium: 'Prima mensual',
    taxCredit: 'Crédito fiscal anticipado para la prima (APTC)',
    otherSubsidy: 'Otros subsidios',
    employerContribution: 'Aporte del empleador',
    hra: 'Arreglo de reembolso de salud (HRA)',
    currentCharges: 'Su parte este mes',
    pastDue: 'Saldo vencido',
    credit: 'Crédito en la cuenta',
    paymentsReceived: 'Pagos recibidos',
    date: 'Fecha',
    method: 'Método',
    card: (digits) => (digits ? `Tarjeta terminada en ${digits}` : 'Tarjeta'),
    bank: (digits) => (digits ? `Cuenta bancaria terminada en ${digits}` : 'Cuenta bancaria'),
    noPayments: 'No se recibieron pagos desde su última factura.',
    howToPay: 'Cómo pagar',
    online:
      'En línea: inicie sesión en el portal para miembros y elija "Hacer un pago". También puede pagar con una tarjeta o cuenta bancaria guardada, o activar el pago automático.',
    autopayOn:
      'El pago automático está activado para esta póliza: el monto a pagar se cobra automáticamente de su método de pago guardado. No tiene que hacer nada.',
    byCheck: (payee, address, policyNumber) =>
      `Con cheque: a nombre de ${payee}, enviado por correo a ${address}. Escriba su número de póliza (${policyNumber}) en el cheque.`,
    byPhone: (phone) => `Por teléfono: llame al ${phone}.`,
    lateWarning:
      'Si el monto no se paga antes de la fecha de vencimiento, su cobertura puede entrar en un período de gracia y podría terminar.',
    binderWarning:
      'Su cobertura comienza solo cuando se recibe este primer pago antes de la fecha de vencimiento.',
    nothingDue: 'No hay nada que pagar: gracias.',
  },
  pt: {
    monthlyTitle: (month) => `Fatura do prêmio de ${month}`,
    binderTitle: 'Fatura do primeiro pagamento do prêmio (pagamento inicial)',
    account: 'Conta',
    billingPeriod: 'Período de cobrança',
    invoiceDate: 'Data da fatura',
    dueDate: 'Data de vencimento',
    amountDue: 'Valor devido',
    charges: 'Cobranças',
    description: 'Descrição',
    amount: 'Valor',
    premium: 'Prêmio mensal',
    taxCredit: 'Crédito fiscal antecipado do prêmio (APTC)',
    otherSubsidy: 'Outros subsídios',
    employerContribution: 'Contribuição do empregador',
    hra: 'Acordo de reembolso de saúde (HRA)',
    currentCharges: 'Sua parte neste mês',
    pastDue: 'Valor em atraso',
    credit: 'Crédito na conta',
    paymentsReceived: 'Pagamentos recebidos',
    date: 'Data',
    method: 'Forma de pagamento',
    card: (digits) => (digits ? `Cartão com final ${digits}` : 'Cartão'),
    bank: (digits) => (digits ? `Conta bancária com final ${digits}` : 'Conta bancária'),
    noPayments: 'Nenhum pagamento foi recebido desde a sua última fatura.',
    howToPay: 'Como pagar',
    online:
      'On-line: entre no portal do membro e escolha "Fazer um pagamento". Você também pode pagar com um cartão ou conta bancária salvos, ou ativar o pagamento automático.',
    autopayOn:
      'O pagamento automático está ativo para esta apólice: o valor devido é pago automaticamente com a forma de pagamento salva. Você não precisa fazer nada.',
    byCheck: (payee, address, policyNumber) =>
      `Com cheque: nominal a ${payee}, enviado pelo correio para ${address}. Escreva o número da sua apólice (${policyNumber}) no cheque.`,
    byPhone: (phone) => `Por telefone: ligue para ${phone}.`,
    lateWarning:
      'Se o valor devido não for pago até a data de vencimento, sua cobertura pode entrar em um período de tolerância e pode ser encerrada.',
    binderWarning:
      'Sua cobertura só começa quando este primeiro pagamento for recebido até a data de vencimento.',
    nothingDue: 'Não há nada a pagar: obrigado.',
  },
};
