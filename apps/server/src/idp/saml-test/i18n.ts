import type { Language } from '@portal/domain';

/** Texts of the built-in SAML test issuer's pages, in the portal's three languages (SPEC §1). */
const messages = {
  en: {
    title: 'SAML test issuer',
    intro:
      'This page stands in for an exchange or a broker platform: it signs a SAML assertion and sends you to the portal with it, as a real partner system would. It exists only in demo mode, and it asserts only the records of the demo scenarios below.',
    scenariosHeading: 'Demo scenarios',
    binderTitle: 'Exchange: binder payment for a new enrollee',
    binderText:
      'The exchange sends a new enrollee to pay the first premium (the binder payment). Exchange subscriber ID: {id}.',
    brokerTitle: 'Broker: broker.hughes',
    brokerText:
      'A broker arrives from the broker platform and sees the policies where they are broker of record. NPN: {id}.',
    onlyPcpTitle: 'Exchange member with OnlyPCP=false',
    onlyPcpText:
      'A member arrives from the exchange; the assertion says OnlyPCP=false, so choosing a primary care provider is not offered. Exchange subscriber ID: {id}.',
    notInData: 'This scenario needs the demo data, which is not loaded.',
    signScenario: 'Sign and continue',
    customHeading: 'Custom assertion',
    customIntro:
      'The same records with other options: the language preference, OnlyPCP and where to continue.',
    record: 'Record (from the demo scenarios)',
    recordPolicy: 'Member, exchange ID {id}',
    recordBroker: 'Broker, NPN {id}',
    noRecords: 'No demo scenario record is loaded, so there is nothing to assert.',
    refusedTitle: 'Not a demo scenario record',
    refusedBody:
      'The test issuer signs assertions only for the records of its demo scenarios. Choose one of them.',
    onlyPcp: 'OnlyPCP',
    languagePreference: 'Language preference',
    relayState: 'Continue to (a portal path)',
    notSet: 'Not set',
    yes: 'true',
    no: 'false',
    sign: 'Sign assertion',
    signedTitle: 'Assertion signed',
    signedIntro:
      'The assertion below is signed and can be used once within 5 minutes. Continue to hand it to the portal.',
    issuer: 'Issuer',
    audience: 'Audience',
    subject: 'Subject',
    attributes: 'Attributes',
    continue: 'Continue to the portal',
    back: 'Back to the scenarios',
    language: 'Language',
  },
  es: {
    title: 'Emisor SAML de prueba',
    intro:
      'Esta página hace las veces de un mercado de seguros (exchange) o de una plataforma de agentes: firma una aserción SAML y lo envía al portal con ella, como lo haría un sistema asociado real. Solo existe en el modo de demostración y solo afirma los registros de los escenarios de demostración de abajo.',
    scenariosHeading: 'Escenarios de demostración',
    binderTitle: 'Exchange: pago inicial (binder) de un nuevo afiliado',
    binderText:
      'El exchange envía a un nuevo afiliado a pagar la primera prima (el pago inicial). ID de suscriptor del exchange: {id}.',
    brokerTitle: 'Agente: broker.hughes',
    brokerText:
      'Un agente llega desde la plataforma de agentes y ve las pólizas de las que es agente registrado. NPN: {id}.',
    onlyPcpTitle: 'Miembro del exchange con OnlyPCP=false',
    onlyPcpText:
      'Un miembro llega desde el exchange; la aserción dice OnlyPCP=false, así que no se ofrece elegir un proveedor de atención primaria. ID de suscriptor del exchange: {id}.',
    notInData: 'Este escenario necesita los datos de demostración, que no están cargados.',
    signScenario: 'Firmar y continuar',
    customHeading: 'Aserción personalizada',
    customIntro:
      'Los mismos registros con otras opciones: la preferencia de idioma, OnlyPCP y adónde continuar.',
    record: 'Registro (de los escenarios de demostración)',
    recordPolicy: 'Miembro, ID del exchange {id}',
    recordBroker: 'Agente, NPN {id}',
    noRecords:
      'No hay ningún registro de los escenarios de demostración cargado, así que no hay nada que afirmar.',
    refusedTitle: 'No es un registro de los escenarios de demostración',
    refusedBody:
      'El emisor de prueba solo firma aserciones para los registros de sus escenarios de demostración. Elija uno de ellos.',
    onlyPcp: 'OnlyPCP',
    languagePreference: 'Preferencia de idioma',
    relayState: 'Continuar a (una ruta del portal)',
    notSet: 'Sin definir',
    yes: 'true',
    no: 'false',
    sign: 'Firmar aserción',
    signedTitle: 'Aserción firmada',
    signedIntro:
      'La aserción de abajo está firmada y se puede usar una sola vez durante 5 minutos. Continúe para entregarla al portal.',
    issuer: 'Emisor',
    audience: 'Audiencia',
    subject: 'Sujeto',
    attributes: 'Atributos',
    continue: 'Continuar al portal',
    back: 'Volver a los escenarios',
    language: 'Idioma',
  },
  pt: {
    title: 'Emissor SAML de teste',
    intro:
      'Esta página faz o papel de um mercado de seguros (exchange) ou de uma plataforma de corretores: assina uma asserção SAML e envia você ao portal com ela, como faria um sistema parceiro real. Ela existe apenas no modo de demonstração e só afirma os registros dos cenários de demonstração abaixo.',
    scenariosHeading: 'Cenários de demonstração',
    binderTitle: 'Exchange: pagamento inicial (binder) de um novo associado',
    binderText:
      'O exchange envia um novo associado para pagar a primeira mensalidade (o pagamento inicial). ID de assinante do exchange: {id}.',
    brokerTitle: 'Corretor: broker.hughes',
    brokerText:
      'Um corretor chega pela plataforma de corretores e vê as apólices das quais é o corretor responsável. NPN: {id}.',
    onlyPcpTitle: 'Associado do exchange com OnlyPCP=false',
    onlyPcpText:
      'Um associado chega pelo exchange; a asserção diz OnlyPCP=false, então a escolha de um médico de atenção primária não é oferecida. ID de assinante do exchange: {id}.',
    notInData: 'Este cenário precisa dos dados de demonstração, que não estão carregados.',
    signScenario: 'Assinar e continuar',
    customHeading: 'Asserção personalizada',
    customIntro:
      'Os mesmos registros com outras opções: a preferência de idioma, OnlyPCP e para onde continuar.',
    record: 'Registro (dos cenários de demonstração)',
    recordPolicy: 'Associado, ID do exchange {id}',
    recordBroker: 'Corretor, NPN {id}',
    noRecords: 'Nenhum registro dos cenários de demonstração está carregado, então não há nada a afirmar.',
    refusedTitle: 'Não é um registro dos cenários de demonstração',
    refusedBody:
      'O emissor de teste só assina asserções para os registros dos seus cenários de demonstração. Escolha um deles.',
    onlyPcp: 'OnlyPCP',
    languagePreference: 'Preferência de idioma',
    relayState: 'Continuar para (um caminho do portal)',
    notSet: 'Não definido',
    yes: 'true',
    no: 'false',
    sign: 'Assinar asserção',
    signedTitle: 'Asserção assinada',
    signedIntro:
      'A asserção abaixo está assinada e pode ser usada uma única vez em até 5 minutos. Continue para entregá-la ao portal.',
    issuer: 'Emissor',
    audience: 'Público',
    subject: 'Sujeito',
    attributes: 'Atributos',
    continue: 'Continuar para o portal',
    back: 'Voltar aos cenários',
    language: 'Idioma',
  },
} satisfies Record<Language, Record<string, string>>;

export type SamlTestMessages = (typeof messages)['en'];

export function samlTestMessages(language: Language): SamlTestMessages {
  return messages[language];
}

export const samlTestMessageTables: Readonly<Record<Language, SamlTestMessages>> = messages;
