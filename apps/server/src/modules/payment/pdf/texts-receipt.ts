import type { Receipt } from '@portal/contracts';
import type { PdfLanguage } from '../../../pdf/pdf-writer';

/** A payment receipt's words (issue 9), per language; the words every printed document shares are in pdf/texts-common. */
export interface ReceiptTexts {
  title: string;
  /** The sentence under the title: what became of the payment. */
  outcome: Record<Receipt['status'], string>;
  effectuated: string;
  details: string;
  transactionId: string;
  date: string;
  amount: string;
  method: string;
  card: (brand: string | null, digits: string | null) => string;
  bank: (type: string | null, digits: string | null) => string;
  status: string;
  statuses: Record<Receipt['status'], string>;
  source: string;
  sources: Record<Receipt['paymentSource'], string>;
  policyholder: string;
  payer: string;
  paidThrough: string;
  coverage: string;
  coverageEffective: string;
}

/** Bank account types as the processor names them (the wallet's `Checking`/`Savings`). */
const ACCOUNT_TYPES: Record<PdfLanguage, Record<string, string>> = {
  en: { Checking: 'Checking', Savings: 'Savings' },
  es: { Checking: 'de cheques', Savings: 'de ahorros' },
  pt: { Checking: 'corrente', Savings: 'poupança' },
};
const accountType = (language: PdfLanguage, type: string | null): string | null =>
  type ? (ACCOUNT_TYPES[language][type] ?? type) : null;

export const RECEIPT: Record<PdfLanguage, ReceiptTexts> = {
  en: {
    title: 'Payment receipt',
    outcome: {
      Succeeded: 'Thank you. Your payment was approved and applied to your policy.',
      Pending:
        'Your bank payment was accepted and is pending. It is applied to your policy when your bank clears it.',
      Failed: 'This payment was declined. Nothing was charged.',
      Returned: 'Your bank returned this payment. The amount is due again.',
      Refunded: 'This payment was refunded.',
      Voided: 'This payment was cancelled before it settled. Nothing was charged.',
    },
    effectuated: 'This was your first (binder) payment: it made your coverage effective.',
    details: 'Payment details',
    transactionId: 'Transaction ID',
    date: 'Payment date',
    amount: 'Amount',
    method: 'Paid with',
    card: (brand, digits) => `${brand ?? 'Card'}${digits ? ` ending in ${digits}` : ''}`,
    bank: (type, digits) =>
      `${type ? `${type} account` : 'Bank account'}${digits ? ` ending in ${digits}` : ''}`,
    status: 'Status',
    statuses: {
      Succeeded: 'Approved',
      Pending: 'Pending',
      Failed: 'Declined',
      Returned: 'Returned by the bank',
      Refunded: 'Refunded',
      Voided: 'Voided',
    },
    source: 'How it was paid',
    sources: {
      Portal: 'Online',
      Guest: 'Online (without signing in)',
      Binder: 'First payment (binder)',
      Autopay: 'Autopay',
      Scheduled: 'Scheduled payment',
      Phone: 'By phone',
      Mail: 'By mail',
    },
    policyholder: 'Policyholder',
    payer: 'Paid by',
    paidThrough: 'Coverage paid through',
    coverage: 'Coverage',
    coverageEffective: 'Made effective by this payment',
  },
  es: {
    title: 'Recibo de pago',
    outcome: {
      Succeeded: 'Gracias. Su pago fue aprobado y se aplicó a su póliza.',
      Pending:
        'Su pago bancario fue aceptado y está pendiente. Se aplicará a su póliza cuando su banco lo acredite.',
      Failed: 'Este pago fue rechazado. No se realizó ningún cargo.',
      Returned: 'Su banco devolvió este pago. El monto vuelve a estar pendiente de pago.',
      Refunded: 'Este pago fue reembolsado.',
      Voided: 'Este pago se anuló antes de liquidarse. No se cobró nada.',
    },
    effectuated: 'Este fue su primer pago (pago inicial): con él, su cobertura entró en vigor.',
    details: 'Detalles del pago',
    transactionId: 'Número de transacción',
    date: 'Fecha del pago',
    amount: 'Monto',
    method: 'Pagado con',
    card: (brand, digits) => `${brand ?? 'Tarjeta'}${digits ? ` terminada en ${digits}` : ''}`,
    bank: (type, digits) =>
      `${type ? `Cuenta ${type}` : 'Cuenta bancaria'}${digits ? ` terminada en ${digits}` : ''}`,
    status: 'Estado',
    statuses: {
      Succeeded: 'Aprobado',
      Pending: 'Pendiente',
      Failed: 'Rechazado',
      Returned: 'Devuelto por el banco',
      Refunded: 'Reembolsado',
      Voided: 'Anulado',
    },
    source: 'Cómo se pagó',
    sources: {
      Portal: 'En línea',
      Guest: 'En línea (sin iniciar sesión)',
      Binder: 'Primer pago (pago inicial)',
      Autopay: 'Pago automático',
      Scheduled: 'Pago programado',
      Phone: 'Por teléfono',
      Mail: 'Por correo',
    },
    policyholder: 'Titular de la póliza',
    payer: 'Pagado por',
    paidThrough: 'Cobertura pagada hasta',
    coverage: 'Cobertura',
    coverageEffective: 'Entró en vigor con este pago',
  },
  pt: {
    title: 'Recibo de pagamento',
    outcome: {
      Succeeded: 'Obrigado. Seu pagamento foi aprovado e aplicado à sua apólice.',
      Pending:
        'Seu pagamento bancário foi aceito e está pendente. Ele será aplicado à sua apólice quando o banco o compensar.',
      Failed: 'Este pagamento foi recusado. Nada foi cobrado.',
      Returned: 'Seu banco devolveu este pagamento. O valor voltou a ser devido.',
      Refunded: 'Este pagamento foi reembolsado.',
      Voided: 'Este pagamento foi anulado antes da compensação. Nada foi cobrado.',
    },
    effectuated: 'Este foi o seu primeiro pagamento (pagamento inicial): ele ativou a sua cobertura.',
    details: 'Detalhes do pagamento',
    transactionId: 'Número da transação',
    date: 'Data do pagamento',
    amount: 'Valor',
    method: 'Pago com',
    card: (brand, digits) => `${brand ?? 'Cartão'}${digits ? ` com final ${digits}` : ''}`,
    bank: (type, digits) =>
      `${type ? `Conta ${type}` : 'Conta bancária'}${digits ? ` com final ${digits}` : ''}`,
    status: 'Situação',
    statuses: {
      Succeeded: 'Aprovado',
      Pending: 'Pendente',
      Failed: 'Recusado',
      Returned: 'Devolvido pelo banco',
      Refunded: 'Reembolsado',
      Voided: 'Anulado',
    },
    source: 'Como foi pago',
    sources: {
      Portal: 'On-line',
      Guest: 'On-line (sem entrar)',
      Binder: 'Primeiro pagamento (pagamento inicial)',
      Autopay: 'Pagamento automático',
      Scheduled: 'Pagamento agendado',
      Phone: 'Por telefone',
      Mail: 'Pelo correio',
    },
    policyholder: 'Titular da apólice',
    payer: 'Pago por',
    paidThrough: 'Cobertura paga até',
    coverage: 'Cobertura',
    coverageEffective: 'Ativada por este pagamento',
  },
};

/** "Visa ending in 4242" / "Checking account ending in 789": the method by its brand and last digits only. */
export function methodLabel(
  receipt: Pick<Receipt, 'paymentMethod' | 'methodBrand' | 'methodLastDigits'>,
  language: PdfLanguage,
): string {
  const texts = RECEIPT[language];
  return receipt.paymentMethod === 'Card'
    ? texts.card(receipt.methodBrand, receipt.methodLastDigits)
    : texts.bank(accountType(language, receipt.methodBrand), receipt.methodLastDigits);
}
