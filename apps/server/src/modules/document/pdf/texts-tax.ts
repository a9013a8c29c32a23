import type { PdfLanguage } from '../../../pdf/pdf-writer';

/** Tax forms' words: the structure of IRS Forms 1095-A and 1095-B and Massachusetts Form MA 1099-HC. */
export interface TaxTexts {
  form1095ATitle: (year: number) => string;
  form1095ACopy: (issuer: string) => string;
  partI_A: string;
  marketplaceId: string;
  policyNumber: string;
  issuerName: string;
  recipientName: string;
  recipientDob: string;
  policyStart: string;
  policyEnd: string;
  address: string;
  partII_A: string;
  coveredName: string;
  coveredDob: string;
  coverageStart: string;
  coverageEnd: string;
  partIII_A: string;
  month: string;
  premiumA: string;
  slcspB: string;
  aptcC: string;
  annualTotals: string;
  form1095BTitle: (year: number) => string;
  partI_B: string;
  responsible: string;
  originOfCoverage: string;
  origin: Record<string, string>;
  partIII_B: string;
  issuerId: string;
  contactPhone: string;
  partIV_B: string;
  all12: string;
  yes: string;
  covered: string;
  ma1099Title: (year: number) => string;
  ma1099Intro: string;
  subscriber: string;
  memberId: string;
  monthsCovered: string;
  allYear: string;
  keepForRecords: string;
  ssnNote: string;
}

export const TAX: Record<PdfLanguage, TaxTexts> = {
  en: {
    form1095ATitle: (year) => `Form 1095-A Health Insurance Marketplace Statement, ${year}`,
    form1095ACopy: (issuer) =>
      `This is a copy provided by ${issuer} for your records. The official Form 1095-A comes from the Health Insurance Marketplace; use it to file Form 8962 and reconcile your premium tax credit.`,
    partI_A: 'Part I: Recipient Information',
    marketplaceId: '1 Marketplace identifier',
    policyNumber: '2 Marketplace-assigned policy number',
    issuerName: '3 Policy issuer’s name',
    recipientName: '4 Recipient’s name',
    recipientDob: '6 Recipient’s date of birth',
    policyStart: '10 Policy start date',
    policyEnd: '11 Policy termination date',
    address: '12-15 Street address, city, state, ZIP code',
    partII_A: 'Part II: Covered Individuals',
    coveredName: 'A. Covered individual name',
    coveredDob: 'C. Date of birth',
    coverageStart: 'D. Coverage start date',
    coverageEnd: 'E. Coverage termination date',
    partIII_A: 'Part III: Coverage Information',
    month: 'Month',
    premiumA: 'A. Monthly enrollment premiums',
    slcspB: 'B. Monthly second lowest cost silver plan (SLCSP) premium',
    aptcC: 'C. Monthly advance payment of premium tax credit',
    annualTotals: '33 Annual totals',
    form1095BTitle: (year) => `Form 1095-B Health Coverage, ${year}`,
    partI_B: 'Part I: Responsible Individual',
    responsible: 'Name of responsible individual',
    originOfCoverage: 'Origin of the health coverage',
    origin: { B: 'B: Employer-sponsored coverage', D: 'D: Individual market insurance' },
    partIII_B: 'Part III: Issuer or Other Coverage Provider',
    issuerId: 'HIOS issuer ID',
    contactPhone: 'Contact telephone number',
    partIV_B: 'Part IV: Covered Individuals',
    all12: 'All 12 months',
    yes: 'Yes',
    covered: 'Covered',
    ma1099Title: (year) =>
      `Form MA 1099-HC Individual Mandate, Massachusetts Health Insurance Coverage, ${year}`,
    ma1099Intro:
      'This form shows the months in which you had health insurance that meets Massachusetts minimum creditable coverage. Keep it with your state tax records.',
    subscriber: 'Subscriber',
    memberId: 'Subscriber number',
    monthsCovered: 'Months of coverage',
    allYear: 'All year',
    keepForRecords: 'Keep this form with your tax records. You do not need to attach it to your return.',
    ssnNote: 'Social Security numbers are not shown in the portal copy.',
  },
  es: {
    form1095ATitle: (year) => `Formulario 1095-A, Declaración del Mercado de Seguros Médicos, ${year}`,
    form1095ACopy: (issuer) =>
      `Esta es una copia de ${issuer} para sus registros. El Formulario 1095-A oficial lo envía el Mercado de Seguros Médicos; úselo para presentar el Formulario 8962 y conciliar su crédito fiscal para la prima.`,
    partI_A: 'Parte I: Información del destinatario',
    marketplaceId: '1 Identificador del Mercado',
    policyNumber: '2 Número de póliza asignado por el Mercado',
    issuerName: '3 Nombre de la aseguradora',
    recipientName: '4 Nombre del destinatario',
    recipientDob: '6 Fecha de nacimiento del destinatario',
    policyStart: '10 Fecha de inicio de la póliza',
    policyEnd: '11 Fecha de terminación de la póliza',
    address: '12-15 Dirección, ciudad, estado, código postal',
    partII_A: 'Parte II: Personas cubiertas',
    coveredName: 'A. Nombre de la persona cubierta',
    coveredDob: 'C. Fecha de nacimiento',
    coverageStart: 'D. Fecha de inicio de la cobertura',
    coverageEnd: 'E. Fecha de terminación de la cobertura',
    partIII_A: 'Parte III: Información de la cobertura',
    month: 'Mes',
    premiumA: 'A. Primas mensuales de inscripción',
    slcspB: 'B. Prima mensual del segundo plan plata de menor costo (SLCSP)',
    aptcC: 'C. Pago mensual por adelantado del crédito fiscal para la prima',
    annualTotals: '33 Totales anuales',
    form1095BTitle: (year) => `Formulario 1095-B, Cobertura médica, ${year}`,
    partI_B: 'Parte I: Persona responsable',
    responsible: 'Nombre de la persona responsable',
    originOfCoverage: 'Origen de la cobertura médica',
    origin: { B: 'B: Cobertura patrocinada por el empleador', D: 'D: Seguro del mercado individual' },
    partIII_B: 'Parte III: Aseguradora u otro proveedor de cobertura',
    issuerId: 'Identificador HIOS de la aseguradora',
    contactPhone: 'Número de teléfono de contacto',
    partIV_B: 'Parte IV: Personas cubiertas',
    all12: 'Los 12 meses',
    yes: 'Sí',
    covered: 'Cubierto',
    ma1099Title: (year) =>
      `Formulario MA 1099-HC, Mandato individual, Cobertura de seguro médico de Massachusetts, ${year}`,
    ma1099Intro:
      'Este formulario muestra los meses en los que tuvo un seguro médico que cumple con la cobertura mínima acreditable de Massachusetts. Guárdelo con sus registros de impuestos estatales.',
    subscriber: 'Suscriptor',
    memberId: 'Número de suscriptor',
    monthsCovered: 'Meses de cobertura',
    allYear: 'Todo el año',
    keepForRecords:
      'Guarde este formulario con sus registros de impuestos. No necesita adjuntarlo a su declaración.',
    ssnNote: 'Los números de Seguro Social no se muestran en la copia del portal.',
  },
  pt: {
    form1095ATitle: (year) => `Formulário 1095-A, Declaração do Mercado de Seguros de Saúde, ${year}`,
    form1095ACopy: (issuer) =>
      `Esta é uma cópia fornecida pela ${issuer} para os seus registros. O Formulário 1095-A oficial é enviado pelo Mercado de Seguros de Saúde; use-o para preencher o Formulário 8962 e conciliar o seu crédito fiscal do prêmio.`,
    partI_A: 'Parte I: Informações do destinatário',
    marketplaceId: '1 Identificador do Mercado',
    policyNumber: '2 Número da apólice atribuído pelo Mercado',
    issuerName: '3 Nome da seguradora',
    recipientName: '4 Nome do destinatário',
    recipientDob: '6 Data de nascimento do destinatário',
    policyStart: '10 Data de início da apólice',
    policyEnd: '11 Data de término da apólice',
    address: '12-15 Endereço, cidade, estado, CEP',
    partII_A: 'Parte II: Pessoas cobertas',
    coveredName: 'A. Nome da pessoa coberta',
    coveredDob: 'C. Data de nascimento',
    coverageStart: 'D. Data de início da cobertura',
    coverageEnd: 'E. Data de término da cobertura',
    partIII_A: 'Parte III: Informações da cobertura',
    month: 'Mês',
    premiumA: 'A. Prêmios mensais de inscrição',
    slcspB: 'B. Prêmio mensal do segundo plano prata de menor custo (SLCSP)',
    aptcC: 'C. Pagamento mensal antecipado do crédito fiscal do prêmio',
    annualTotals: '33 Totais anuais',
    form1095BTitle: (year) => `Formulário 1095-B, Cobertura de saúde, ${year}`,
    partI_B: 'Parte I: Pessoa responsável',
    responsible: 'Nome da pessoa responsável',
    originOfCoverage: 'Origem da cobertura de saúde',
    origin: { B: 'B: Cobertura patrocinada pelo empregador', D: 'D: Seguro do mercado individual' },
    partIII_B: 'Parte III: Seguradora ou outro fornecedor de cobertura',
    issuerId: 'Identificador HIOS da seguradora',
    contactPhone: 'Telefone de contato',
    partIV_B: 'Parte IV: Pessoas cobertas',
    all12: 'Os 12 meses',
    yes: 'Sim',
    covered: 'Coberto',
    ma1099Title: (year) =>
      `Formulário MA 1099-HC, Mandato individual, Cobertura de seguro de saúde de Massachusetts, ${year}`,
    ma1099Intro:
      'Este formulário mostra os meses em que você teve um seguro de saúde que atende à cobertura mínima exigida por Massachusetts. Guarde-o com os seus registros de impostos estaduais.',
    subscriber: 'Titular',
    memberId: 'Número do titular',
    monthsCovered: 'Meses de cobertura',
    allYear: 'O ano todo',
    keepForRecords:
      'Guarde este formulário com os seus registros de impostos. Não é preciso anexá-lo à declaração.',
    ssnNote: 'Os números do Seguro Social não aparecem na cópia do portal.',
  },
};
