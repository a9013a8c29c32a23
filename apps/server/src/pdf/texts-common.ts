import type { PdfLanguage } from './pdf-writer';

/** Words every printed document shares, per language. */
export interface CommonTexts {
  page: (page: number, pages: number) => string;
  questions: (phone: string, hours: string) => string;
  member: string;
  dateOfBirth: string;
  policyNumber: string;
  plan: string;
  mailingAddress: string;
  issued: string;
  questionsHeading: string;
  none: string;
  /** Consecutive months as one range inside a sentence: "August 2026 to November 2026". */
  monthRange: (first: string, last: string) => string;
  /** The word that joins the last two items of a list. */
  and: string;
}

export const COMMON: Record<PdfLanguage, CommonTexts> = {
  en: {
    page: (page, pages) => `Page ${page} of ${pages}`,
    questions: (phone, hours) => `Questions? Call ${phone}${hours ? ` (${hours})` : ''}.`,
    member: 'Member',
    dateOfBirth: 'Date of birth',
    policyNumber: 'Policy number',
    plan: 'Plan',
    mailingAddress: 'Mailing address',
    issued: 'Date issued',
    questionsHeading: 'Questions',
    none: 'None',
    monthRange: (first, last) => `${first} to ${last}`,
    and: 'and',
  },
  es: {
    page: (page, pages) => `Página ${page} de ${pages}`,
    questions: (phone, hours) => `¿Preguntas? Llame al ${phone}${hours ? ` (${hours})` : ''}.`,
    member: 'Miembro',
    dateOfBirth: 'Fecha de nacimiento',
    policyNumber: 'Número de póliza',
    plan: 'Plan',
    mailingAddress: 'Dirección postal',
    issued: 'Fecha de emisión',
    questionsHeading: 'Preguntas',
    none: 'Ninguno',
    monthRange: (first, last) => `${first} a ${last}`,
    and: 'y',
  },
  pt: {
    page: (page, pages) => `Página ${page} de ${pages}`,
    questions: (phone, hours) => `Dúvidas? Ligue para ${phone}${hours ? ` (${hours})` : ''}.`,
    member: 'Membro',
    dateOfBirth: 'Data de nascimento',
    policyNumber: 'Número da apólice',
    plan: 'Plano',
    mailingAddress: 'Endereço para correspondência',
    issued: 'Data de emissão',
    questionsHeading: 'Dúvidas',
    none: 'Nenhum',
    monthRange: (first, last) => `${first} a ${last}`,
    and: 'e',
  },
};
