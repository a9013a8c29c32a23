import { formatBenefitMoney, type BenefitCost } from '@portal/domain';
import type { PdfLanguage } from '../../../pdf/pdf-writer';
import { LOCALES } from '../../../pdf/format';

/**
 * The words of the printed Summary of Benefits and Coverage and ID card (issue 12), per language. The
 * web says the same things from its own translation files (apps/web/src/i18n/locales/<lang>/benefits.json
 * and idCard.json); amounts go through the same Intl formatting (packages/domain formatBenefitMoney).
 */

/** Benefit names by key (`benefit.<name>`). */
const BENEFITS: Record<PdfLanguage, Record<string, string>> = {
  en: {
    network: 'Provider network',
    deductible: 'Deductible',
    outOfPocketMax: 'Out-of-pocket maximum',
    preventiveCare: 'Preventive care',
    primaryCareVisit: 'Primary care visit',
    specialistVisit: 'Specialist visit',
    mentalHealthVisit: 'Mental health visit',
    urgentCare: 'Urgent care',
    emergencyRoom: 'Emergency room',
    labTests: 'Lab tests',
    imaging: 'Imaging (CT, MRI, PET scans)',
    outpatientSurgery: 'Outpatient surgery',
    hospitalStay: 'Hospital stay',
    genericDrugs: 'Generic drugs',
    preferredBrandDrugs: 'Preferred brand drugs',
    nonPreferredBrandDrugs: 'Non-preferred brand drugs',
    referralsRequired: 'Referrals required',
    deductibleAppliesToAll: 'Deductible applies to all care',
    dentalPreventive: 'Preventive dental care',
    dentalBasic: 'Basic dental care',
    dentalMajor: 'Major dental care',
    dentalAnnualMaximum: 'Annual maximum',
    eyeExam: 'Eye exam',
    frameAllowance: 'Frame allowance',
    contactLensAllowance: 'Contact lens allowance',
    drugsCovered: 'Prescription drugs covered',
  },
  es: {
    network: 'Red de proveedores',
    deductible: 'Deducible',
    outOfPocketMax: 'Máximo de gastos de su bolsillo',
    preventiveCare: 'Atención preventiva',
    primaryCareVisit: 'Consulta de atención primaria',
    specialistVisit: 'Consulta con especialista',
    mentalHealthVisit: 'Consulta de salud mental',
    urgentCare: 'Atención de urgencia',
    emergencyRoom: 'Sala de emergencias',
    labTests: 'Análisis de laboratorio',
    imaging: 'Imágenes (tomografía, resonancia, PET)',
    outpatientSurgery: 'Cirugía ambulatoria',
    hospitalStay: 'Hospitalización',
    genericDrugs: 'Medicamentos genéricos',
    preferredBrandDrugs: 'Medicamentos de marca preferidos',
    nonPreferredBrandDrugs: 'Medicamentos de marca no preferidos',
    referralsRequired: 'Requiere referidos',
    deductibleAppliesToAll: 'El deducible se aplica a toda la atención',
    dentalPreventive: 'Atención dental preventiva',
    dentalBasic: 'Atención dental básica',
    dentalMajor: 'Atención dental mayor',
    dentalAnnualMaximum: 'Máximo anual',
    eyeExam: 'Examen de la vista',
    frameAllowance: 'Monto para monturas',
    contactLensAllowance: 'Monto para lentes de contacto',
    drugsCovered: 'Cubre medicamentos recetados',
  },
  pt: {
    network: 'Rede de prestadores',
    deductible: 'Franquia',
    outOfPocketMax: 'Limite de gastos do seu bolso',
    preventiveCare: 'Cuidados preventivos',
    primaryCareVisit: 'Consulta de atenção primária',
    specialistVisit: 'Consulta com especialista',
    mentalHealthVisit: 'Consulta de saúde mental',
    urgentCare: 'Atendimento de urgência',
    emergencyRoom: 'Pronto-socorro',
    labTests: 'Exames de laboratório',
    imaging: 'Exames de imagem (tomografia, ressonância, PET)',
    outpatientSurgery: 'Cirurgia ambulatorial',
    hospitalStay: 'Internação hospitalar',
    genericDrugs: 'Medicamentos genéricos',
    preferredBrandDrugs: 'Medicamentos de marca preferenciais',
    nonPreferredBrandDrugs: 'Medicamentos de marca não preferenciais',
    referralsRequired: 'Exige encaminhamento',
    deductibleAppliesToAll: 'A franquia vale para todo o atendimento',
    dentalPreventive: 'Atendimento odontológico preventivo',
    dentalBasic: 'Atendimento odontológico básico',
    dentalMajor: 'Atendimento odontológico complexo',
    dentalAnnualMaximum: 'Limite anual',
    eyeExam: 'Exame de vista',
    frameAllowance: 'Valor para armações',
    contactLensAllowance: 'Valor para lentes de contato',
    drugsCovered: 'Cobre medicamentos com receita',
  },
};

/** A benefit's name; an unknown key shows its last part rather than nothing. */
export function benefitName(key: string, language: PdfLanguage): string {
  const name = key.replace(/^benefit\./, '');
  return BENEFITS[language][name] ?? name;
}

interface CostWords {
  copay: (amount: string) => string;
  coinsurance: (percent: string) => string;
  noCharge: string;
  firstVisits: (visits: number) => string;
  afterDeductible: string;
  notCovered: string;
  upTo: (amount: string) => string;
  yes: string;
  no: string;
  notOnFile: string;
}

const COST: Record<PdfLanguage, CostWords> = {
  en: {
    copay: (amount) => `${amount} copay`,
    coinsurance: (percent) => `${percent} coinsurance`,
    noCharge: 'No charge',
    firstVisits: (visits) => `No charge for the first ${visits} visits`,
    afterDeductible: 'after deductible',
    notCovered: 'Not covered',
    upTo: (amount) => `Up to ${amount}`,
    yes: 'Yes',
    no: 'No',
    notOnFile: 'Not on file',
  },
  es: {
    copay: (amount) => `Copago de ${amount}`,
    coinsurance: (percent) => `Coseguro del ${percent}`,
    noCharge: 'Sin costo',
    firstVisits: (visits) => `Sin costo las primeras ${visits} consultas`,
    afterDeductible: 'después del deducible',
    notCovered: 'No cubierto',
    upTo: (amount) => `Hasta ${amount}`,
    yes: 'Sí',
    no: 'No',
    notOnFile: 'No consta',
  },
  pt: {
    copay: (amount) => `Coparticipação de ${amount}`,
    coinsurance: (percent) => `Cosseguro de ${percent}`,
    noCharge: 'Sem custo',
    firstVisits: (visits) => `Sem custo nas ${visits} primeiras consultas`,
    afterDeductible: 'após a franquia',
    notCovered: 'Não coberto',
    upTo: (amount) => `Até ${amount}`,
    yes: 'Sim',
    no: 'Não',
    notOnFile: 'Não consta',
  },
};

/** A cost in words in `language`: "$30 copay", "20% coinsurance after deductible", "Not covered". null = not on file. */
export function describeCost(cost: BenefitCost | null, language: PdfLanguage): string {
  const words = COST[language];
  if (!cost) return words.notOnFile;
  const locale = LOCALES[language];
  const money = (cents: number) => formatBenefitMoney(cents, locale);
  const after = (text: string, afterDeductible: boolean) =>
    afterDeductible ? `${text} ${words.afterDeductible}` : text;
  switch (cost.kind) {
    case 'copay':
      return after(words.copay(money(cost.cents)), cost.afterDeductible);
    case 'coinsurance':
      return after(
        words.coinsurance(
          new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
            cost.percent / 100,
          ),
        ),
        cost.afterDeductible,
      );
    case 'noCharge':
      return cost.firstVisits
        ? words.firstVisits(cost.firstVisits)
        : after(words.noCharge, cost.afterDeductible);
    case 'notCovered':
      return words.notCovered;
    case 'amount':
      return money(cost.cents);
    case 'upTo':
      return words.upTo(money(cost.cents));
    case 'yesNo':
      return cost.value ? words.yes : words.no;
    case 'text':
      return cost.text;
  }
}

export interface SbcTexts {
  title: (planName: string) => string;
  intro: string;
  coveragePeriod: string;
  planType: string;
  metalLevel: string;
  network: string;
  importantQuestions: string;
  question: string;
  answer: string;
  overallDeductible: string;
  deductibleAnswer: (inNetwork: string, outOfNetwork: string) => string;
  beforeDeductible: string;
  beforeDeductibleAnswer: (services: string) => string;
  beforeDeductibleNone: string;
  outOfPocketLimit: string;
  outOfPocketAnswer: (inNetwork: string, outOfNetwork: string) => string;
  lessInNetwork: string;
  lessInNetworkAnswer: (network: string, phone: string) => string;
  onlyInNetworkAnswer: (network: string, phone: string) => string;
  referral: string;
  referralYes: string;
  referralNo: string;
  whatYouPay: string;
  service: string;
  inNetwork: string;
  outOfNetwork: string;
  drugs: string;
  drugsAnswer: (covered: string) => string;
  emergencyNote: string;
  preventiveNote: string;
  aboutThisSummary: string;
  generatedFrom: (issuer: string, phone: string) => string;
  metal: Record<string, string>;
}

export const SBC: Record<PdfLanguage, SbcTexts> = {
  en: {
    title: (planName) => `Summary of Benefits and Coverage: ${planName}`,
    intro:
      'This summary shows how you and the plan share the cost of covered health care services. It is only a summary: your policy (Evidence of Coverage) has the complete terms.',
    coveragePeriod: 'Coverage period',
    planType: 'Plan type',
    metalLevel: 'Metal level',
    network: 'Provider network',
    importantQuestions: 'Important questions',
    question: 'Question',
    answer: 'Answer',
    overallDeductible: 'What is the overall deductible?',
    deductibleAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} for network providers; ${outOfNetwork} for out-of-network providers.`,
    beforeDeductible: 'Are there services covered before you meet your deductible?',
    beforeDeductibleAnswer: (services) => `Yes: ${services}.`,
    beforeDeductibleNone:
      'No. You pay the full cost of care until you meet the deductible, except preventive care.',
    outOfPocketLimit: 'What is the out-of-pocket limit for this plan?',
    outOfPocketAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} for network providers; ${outOfNetwork} for out-of-network providers. Premiums and care the plan does not cover do not count toward it.`,
    lessInNetwork: 'Will you pay less if you use a network provider?',
    lessInNetworkAnswer: (network, phone) =>
      `Yes. This plan uses the ${network}. You pay more with an out-of-network provider, and may receive a bill for the difference. Call ${phone} for a list of network providers.`,
    onlyInNetworkAnswer: (network, phone) =>
      `Yes. This plan uses the ${network} and pays nothing for care out of network, except emergencies. Call ${phone} for a list of network providers.`,
    referral: 'Do you need a referral to see a specialist?',
    referralYes: 'Yes. Ask your primary care provider for a referral before you see a specialist.',
    referralNo: 'No. You can see the specialist you choose without a referral.',
    whatYouPay: 'What you will pay',
    service: 'Service',
    inNetwork: 'Network provider (you will pay the least)',
    outOfNetwork: 'Out-of-network provider (you will pay the most)',
    drugs: 'Prescription drugs',
    drugsAnswer: (covered) =>
      `Prescription drugs covered: ${covered}. Fill prescriptions at a network pharmacy.`,
    emergencyNote: 'Emergency care costs what it costs in network, at any hospital (No Surprises Act).',
    preventiveNote:
      'Preventive care from network providers (check-ups, screenings, vaccines) is covered at no charge.',
    aboutThisSummary: 'About this summary',
    generatedFrom: (issuer, phone) =>
      `${issuer} prepared this summary from the plan design on file. For the complete terms, or a copy in another format, call ${phone}.`,
    metal: {
      Catastrophic: 'Catastrophic',
      Bronze: 'Bronze',
      Silver: 'Silver',
      Gold: 'Gold',
      Platinum: 'Platinum',
      High: 'High coverage',
      Low: 'Basic coverage',
    },
  },
  es: {
    title: (planName) => `Resumen de Beneficios y Cobertura: ${planName}`,
    intro:
      'Este resumen muestra cómo usted y el plan comparten el costo de los servicios de salud cubiertos. Es solo un resumen: su póliza (Evidencia de Cobertura) tiene todas las condiciones.',
    coveragePeriod: 'Período de cobertura',
    planType: 'Tipo de plan',
    metalLevel: 'Nivel metálico',
    network: 'Red de proveedores',
    importantQuestions: 'Preguntas importantes',
    question: 'Pregunta',
    answer: 'Respuesta',
    overallDeductible: '¿Cuál es el deducible total?',
    deductibleAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} con proveedores de la red; ${outOfNetwork} con proveedores fuera de la red.`,
    beforeDeductible: '¿Hay servicios cubiertos antes de alcanzar el deducible?',
    beforeDeductibleAnswer: (services) => `Sí: ${services}.`,
    beforeDeductibleNone:
      'No. Usted paga el costo total de la atención hasta alcanzar el deducible, salvo la atención preventiva.',
    outOfPocketLimit: '¿Cuál es el límite de gastos de su bolsillo de este plan?',
    outOfPocketAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} con proveedores de la red; ${outOfNetwork} con proveedores fuera de la red. Las primas y la atención que el plan no cubre no cuentan para este límite.`,
    lessInNetwork: '¿Pagará menos si usa un proveedor de la red?',
    lessInNetworkAnswer: (network, phone) =>
      `Sí. Este plan usa la red ${network}. Con un proveedor fuera de la red paga más y puede recibir una factura por la diferencia. Llame al ${phone} para obtener la lista de proveedores de la red.`,
    onlyInNetworkAnswer: (network, phone) =>
      `Sí. Este plan usa la red ${network} y no paga la atención fuera de la red, salvo las emergencias. Llame al ${phone} para obtener la lista de proveedores de la red.`,
    referral: '¿Necesita un referido para ver a un especialista?',
    referralYes: 'Sí. Pida un referido a su proveedor de atención primaria antes de ver a un especialista.',
    referralNo: 'No. Puede ver al especialista que elija sin referido.',
    whatYouPay: 'Lo que usted pagará',
    service: 'Servicio',
    inNetwork: 'Proveedor de la red (pagará menos)',
    outOfNetwork: 'Proveedor fuera de la red (pagará más)',
    drugs: 'Medicamentos recetados',
    drugsAnswer: (covered) =>
      `Medicamentos recetados cubiertos: ${covered}. Surta sus recetas en una farmacia de la red.`,
    emergencyNote:
      'La atención de emergencia cuesta lo mismo que dentro de la red, en cualquier hospital (Ley Sin Sorpresas).',
    preventiveNote:
      'La atención preventiva con proveedores de la red (chequeos, pruebas de detección, vacunas) no tiene costo.',
    aboutThisSummary: 'Acerca de este resumen',
    generatedFrom: (issuer, phone) =>
      `${issuer} preparó este resumen a partir del diseño del plan registrado. Para conocer todas las condiciones, o pedir una copia en otro formato, llame al ${phone}.`,
    metal: {
      Catastrophic: 'Catastrófico',
      Bronze: 'Bronce',
      Silver: 'Plata',
      Gold: 'Oro',
      Platinum: 'Platino',
      High: 'Cobertura alta',
      Low: 'Cobertura básica',
    },
  },
  pt: {
    title: (planName) => `Resumo de Benefícios e Cobertura: ${planName}`,
    intro:
      'Este resumo mostra como você e o plano dividem o custo dos serviços de saúde cobertos. É apenas um resumo: a sua apólice (Comprovante de Cobertura) traz todas as condições.',
    coveragePeriod: 'Período de cobertura',
    planType: 'Tipo de plano',
    metalLevel: 'Categoria',
    network: 'Rede de prestadores',
    importantQuestions: 'Perguntas importantes',
    question: 'Pergunta',
    answer: 'Resposta',
    overallDeductible: 'Qual é a franquia total?',
    deductibleAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} com prestadores da rede; ${outOfNetwork} com prestadores fora da rede.`,
    beforeDeductible: 'Há serviços cobertos antes de você atingir a franquia?',
    beforeDeductibleAnswer: (services) => `Sim: ${services}.`,
    beforeDeductibleNone:
      'Não. Você paga o custo total do atendimento até atingir a franquia, exceto os cuidados preventivos.',
    outOfPocketLimit: 'Qual é o limite de gastos do seu bolso neste plano?',
    outOfPocketAnswer: (inNetwork, outOfNetwork) =>
      `${inNetwork} com prestadores da rede; ${outOfNetwork} com prestadores fora da rede. As mensalidades e o atendimento que o plano não cobre não contam para esse limite.`,
    lessInNetwork: 'Você paga menos se usar um prestador da rede?',
    lessInNetworkAnswer: (network, phone) =>
      `Sim. Este plano usa a rede ${network}. Com um prestador fora da rede você paga mais e pode receber uma conta pela diferença. Ligue para ${phone} para obter a lista de prestadores da rede.`,
    onlyInNetworkAnswer: (network, phone) =>
      `Sim. Este plano usa a rede ${network} e não paga atendimento fora da rede, exceto emergências. Ligue para ${phone} para obter a lista de prestadores da rede.`,
    referral: 'Você precisa de encaminhamento para consultar um especialista?',
    referralYes:
      'Sim. Peça um encaminhamento ao seu médico de atenção primária antes de consultar um especialista.',
    referralNo: 'Não. Você pode consultar o especialista que escolher sem encaminhamento.',
    whatYouPay: 'O que você vai pagar',
    service: 'Serviço',
    inNetwork: 'Prestador da rede (você paga menos)',
    outOfNetwork: 'Prestador fora da rede (você paga mais)',
    drugs: 'Medicamentos com receita',
    drugsAnswer: (covered) =>
      `Medicamentos com receita cobertos: ${covered}. Compre seus medicamentos em uma farmácia da rede.`,
    emergencyNote:
      'O atendimento de emergência custa o mesmo que na rede, em qualquer hospital (Lei Sem Surpresas).',
    preventiveNote:
      'Os cuidados preventivos com prestadores da rede (check-ups, exames de rastreamento, vacinas) não têm custo.',
    aboutThisSummary: 'Sobre este resumo',
    generatedFrom: (issuer, phone) =>
      `${issuer} preparou este resumo a partir do desenho do plano registrado. Para conhecer todas as condições, ou pedir uma cópia em outro formato, ligue para ${phone}.`,
    metal: {
      Catastrophic: 'Catastrófico',
      Bronze: 'Bronze',
      Silver: 'Prata',
      Gold: 'Ouro',
      Platinum: 'Platina',
      High: 'Cobertura alta',
      Low: 'Cobertura básica',
    },
  },
};

export interface CardTexts {
  title: string;
  subject: (policyNumber: string) => string;
  intro: string;
  cardFor: (name: string) => string;
  front: string;
  back: string;
  memberId: string;
  subscriberId: string;
  policyNumber: string;
  groupNumber: string;
  exchangeId: string;
  plan: string;
  network: string;
  issuer: string;
  payerId: string;
  employer: string;
  rx: (bin: string, pcn: string, group: string) => string;
  copays: string;
  inNetwork: string;
  outOfNetwork: string;
  individual: string;
  customerService: string;
  providers: string;
  pharmacy: string;
  nurseLine: string;
  website: string;
  claims: string;
  emergency: string;
  notProof: string;
  qrAlt: (memberId: string) => string;
  noCards: string;
  relationship: Record<string, string>;
  page: (page: number, pages: number) => string;
}

export const CARD: Record<PdfLanguage, CardTexts> = {
  en: {
    title: 'ID cards',
    subject: (policyNumber) => `ID cards for policy ${policyNumber}`,
    intro:
      'Print this page and cut out the front and the back of each card, or show the card on your phone. Every covered member has a card of their own.',
    cardFor: (name) => `ID card of ${name}`,
    front: 'Front',
    back: 'Back',
    memberId: 'Member ID',
    subscriberId: 'Subscriber ID',
    policyNumber: 'Policy number',
    groupNumber: 'Group number',
    exchangeId: 'Exchange Subscriber ID',
    plan: 'Plan',
    network: 'Network',
    issuer: 'Issuer (HIOS)',
    payerId: 'Payer ID',
    employer: 'Employer',
    rx: (bin, pcn, group) => `Rx BIN ${bin} · PCN ${pcn} · Rx group ${group}`,
    copays: 'You pay (in network)',
    inNetwork: 'In network',
    outOfNetwork: 'Out of network',
    individual: 'Individual',
    customerService: 'Member services',
    providers: 'Providers',
    pharmacy: 'Pharmacists',
    nurseLine: 'Nurse line (24/7)',
    website: 'Online',
    claims: 'Send claims to',
    emergency: 'In an emergency call 911 or go to the nearest emergency room.',
    notProof: 'This card does not prove eligibility or guarantee payment.',
    qrAlt: (memberId) => `QR code with the Member ID ${memberId}`,
    noCards: 'Nobody on this policy is covered today or from a coming date, so there is no ID card to print.',
    relationship: {
      self: 'Subscriber',
      spouse: 'Spouse',
      child: 'Child',
      domesticPartner: 'Domestic partner',
      stepchild: 'Stepchild',
      ward: 'Ward',
      other: 'Dependent',
    },
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  es: {
    title: 'Tarjetas de identificación',
    subject: (policyNumber) => `Tarjetas de identificación de la póliza ${policyNumber}`,
    intro:
      'Imprima esta página y recorte el frente y el reverso de cada tarjeta, o muestre la tarjeta en su teléfono. Cada miembro cubierto tiene su propia tarjeta.',
    cardFor: (name) => `Tarjeta de identificación de ${name}`,
    front: 'Frente',
    back: 'Reverso',
    memberId: 'ID de miembro',
    subscriberId: 'ID de suscriptor',
    policyNumber: 'Número de póliza',
    groupNumber: 'Número de grupo',
    exchangeId: 'ID de suscriptor del Exchange',
    plan: 'Plan',
    network: 'Red',
    issuer: 'Aseguradora (HIOS)',
    payerId: 'ID de pagador',
    employer: 'Empleador',
    rx: (bin, pcn, group) => `Rx BIN ${bin} · PCN ${pcn} · Grupo Rx ${group}`,
    copays: 'Usted paga (en la red)',
    inNetwork: 'En la red',
    outOfNetwork: 'Fuera de la red',
    individual: 'Individual',
    customerService: 'Servicios al miembro',
    providers: 'Proveedores',
    pharmacy: 'Farmacéuticos',
    nurseLine: 'Línea de enfermería (24/7)',
    website: 'En línea',
    claims: 'Envíe las reclamaciones a',
    emergency: 'En una emergencia llame al 911 o vaya a la sala de emergencias más cercana.',
    notProof: 'Esta tarjeta no prueba la elegibilidad ni garantiza el pago.',
    qrAlt: (memberId) => `Código QR con el ID de miembro ${memberId}`,
    noCards:
      'Nadie en esta póliza tiene cobertura hoy ni a partir de una fecha próxima, así que no hay tarjeta que imprimir.',
    relationship: {
      self: 'Suscriptor',
      spouse: 'Cónyuge',
      child: 'Hijo o hija',
      domesticPartner: 'Pareja de hecho',
      stepchild: 'Hijastro o hijastra',
      ward: 'Menor bajo tutela',
      other: 'Dependiente',
    },
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
  pt: {
    title: 'Carteirinhas',
    subject: (policyNumber) => `Carteirinhas da apólice ${policyNumber}`,
    intro:
      'Imprima esta página e recorte a frente e o verso de cada carteirinha, ou mostre a carteirinha no celular. Cada associado coberto tem a sua própria carteirinha.',
    cardFor: (name) => `Carteirinha de ${name}`,
    front: 'Frente',
    back: 'Verso',
    memberId: 'ID de associado',
    subscriberId: 'ID de assinante',
    policyNumber: 'Número da apólice',
    groupNumber: 'Número do grupo',
    exchangeId: 'ID de assinante do Exchange',
    plan: 'Plano',
    network: 'Rede',
    issuer: 'Operadora (HIOS)',
    payerId: 'ID do pagador',
    employer: 'Empregador',
    rx: (bin, pcn, group) => `Rx BIN ${bin} · PCN ${pcn} · Grupo Rx ${group}`,
    copays: 'Você paga (na rede)',
    inNetwork: 'Na rede',
    outOfNetwork: 'Fora da rede',
    individual: 'Individual',
    customerService: 'Atendimento ao associado',
    providers: 'Prestadores',
    pharmacy: 'Farmacêuticos',
    nurseLine: 'Linha de enfermagem (24h)',
    website: 'On-line',
    claims: 'Envie as contas para',
    emergency: 'Em uma emergência ligue para o 911 ou vá ao pronto-socorro mais próximo.',
    notProof: 'Esta carteirinha não comprova elegibilidade nem garante pagamento.',
    qrAlt: (memberId) => `Código QR com o ID de associado ${memberId}`,
    noCards:
      'Ninguém nesta apólice tem cobertura hoje nem a partir de uma data próxima, então não há carteirinha para imprimir.',
    relationship: {
      self: 'Titular',
      spouse: 'Cônjuge',
      child: 'Filho ou filha',
      domesticPartner: 'Companheiro ou companheira',
      stepchild: 'Enteado ou enteada',
      ward: 'Tutelado',
      other: 'Dependente',
    },
    page: (page, pages) => `Página ${page} de ${pages}`,
  },
};
