import type { Catalogue } from './en';
import { list } from './notice';

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
  pdf: {
    common: {
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
    invoice: {
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
    notice: {
      meaningHeading: 'O que isto significa',
      todoHeading: 'O que você precisa fazer',
      noticeDate: 'Data do aviso',
      amountDue: 'Valor devido',
      deliveryKinds: { invoices: 'faturas', notices: 'avisos', taxForms: 'formulários de impostos' },
      fallback: {
        title: 'Aviso sobre a sua cobertura',
        meaning: () => ['Estamos escrevendo sobre a sua cobertura.'],
        todo: () => ['Entre no portal do membro ou ligue para nós se tiver dúvidas.'],
      },
      kinds: {
        welcome: {
          title: 'Bem-vindo ao seu plano',
          meaning: (v) => [
            `Obrigado por escolher ${v.planName}. Sua cobertura começa em ${v.effectiveDate}.`,
            'Sua carteirinha chegará pelo correio. Você também pode ver sua cobertura, pagar os prêmios e ler seus documentos no portal do membro.',
          ],
          todo: () => [
            'Pague seu prêmio até a data de vencimento todos os meses para manter a cobertura. Você pode ativar o pagamento automático no portal do membro.',
          ],
        },
        renewal: {
          title: 'Sua cobertura será renovada',
          meaning: (v) => [
            `Sua cobertura será renovada em ${v.effectiveDate} com ${v.planName}.`,
            `Seu novo prêmio mensal é de ${v.premium}${v.taxCredit ? `, antes de um crédito fiscal antecipado de ${v.taxCredit}` : ''}.`,
          ],
          todo: () => [
            'Você não precisa fazer nada para manter este plano. Para escolher outro plano, troque-o durante o período de inscrição aberta (de 1º de novembro a 23 de janeiro).',
          ],
        },
        'plan-change': {
          title: 'Seu plano mudou',
          meaning: (v) => [
            `A partir de ${v.effectiveDate} seu plano é ${v.planName} (antes era ${v.previousPlanName}).`,
          ],
          todo: () => [
            'Confira os benefícios e o prêmio do novo plano no portal do membro. Sua próxima fatura mostra o novo prêmio.',
          ],
        },
        'premium-change': {
          title: 'Seu prêmio vai mudar',
          meaning: (v) => [
            `A partir de ${v.effectiveDate} seu prêmio mensal é de ${v.premium}${v.taxCredit ? `, antes de um crédito fiscal antecipado de ${v.taxCredit}` : ''}.`,
          ],
          todo: () => [
            'Se você usa o pagamento automático com valor fixo, atualize-o. Caso contrário, não precisa fazer nada.',
          ],
        },
        'payment-failed': {
          title: 'Um pagamento não foi concluído',
          meaning: (v) => [
            `Seu banco ou a emissora do seu cartão não concluiu o pagamento de ${v.amount} feito em ${v.paymentDate}.`,
          ],
          todo: () => [
            'Faça o pagamento novamente no portal do membro, ou use outra forma de pagamento, antes da data de vencimento.',
          ],
        },
        'grace-period': {
          title: 'Você está em um período de tolerância',
          meaning: (v) => [
            `Não recebemos o seu prêmio completo. Seu período de tolerância começou em ${v.graceStart} e termina em ${v.graceEnd}.`,
            'Durante o período de tolerância podemos reter as solicitações de reembolso dos serviços que você receber. Se pagar tudo o que deve antes do fim, sua cobertura continua sem interrupção.',
          ],
          todo: (v) => [
            `Pague ${v.amountDue}${v.months ? ` (${v.months})` : ''} antes de ${v.graceEnd}. Caso contrário, sua cobertura será encerrada e você poderá ter de pagar pelo atendimento recebido.`,
          ],
        },
        termination: {
          title: 'Sua cobertura será encerrada',
          meaning: (v) => [
            `Sua cobertura termina em ${v.terminationDate}${v.voluntary ? ', conforme o seu pedido.' : ' porque os prêmios não foram pagos até o fim do período de tolerância.'}`,
          ],
          todo: (v) => [
            v.reinstatementEligible
              ? `Você pode pedir a reativação da sua cobertura pagando ${v.amountDue || 'o valor devido'}${v.months ? ` (${v.months})` : ''} no portal do membro${v.reinstateBy ? ` até ${v.reinstateBy}` : ''}.`
              : 'Se precisar de cobertura, você pode ter direito a um período especial de inscrição pelo Marketplace.',
          ],
        },
        cancellation: {
          title: 'Sua cobertura foi cancelada',
          meaning: (v) =>
            v.binderNotPaid
              ? [
                  `Sua cobertura no ${v.planName}, que começaria em ${v.effectiveDate}, foi cancelada: não recebemos o seu primeiro pagamento do prêmio até ${v.binderDeadline}.`,
                  'Não há período de tolerância para o primeiro pagamento, então a cobertura nunca entrou em vigor.',
                ]
              : [
                  `Sua cobertura no ${v.planName}, que começaria em ${v.effectiveDate}, foi cancelada antes de começar.`,
                ],
          todo: (v) =>
            v.binderNotPaid
              ? [
                  'Se ainda precisar de cobertura, você pode ter direito a um período especial de inscrição. Ligue para nós ou visite o Marketplace.',
                ]
              : ['Você não precisa fazer nada. Se acredita que é um erro, ligue para nós.'],
        },
        'past-due': {
          title: 'Seu prêmio está vencido',
          meaning: (v) => [
            `Não recebemos o seu prêmio de ${v.months}. O vencimento era em ${v.graceStart}.`,
            `Sua cobertura continua durante um período de tolerância que termina em ${v.graceEnd}.`,
          ],
          todo: (v) => [
            `Pague ${v.amountDue} até ${v.graceEnd}. Se não pagar, sua cobertura terminará em ${v.terminationDate}, o último dia pago.`,
          ],
        },
        'claims-pended': {
          title: 'Estamos retendo seus pedidos de reembolso até o pagamento',
          meaning: (v) => [
            `Você está no segundo mês do período de tolerância e ainda deve o prêmio de ${v.months}.`,
            `Os pedidos pelo atendimento que você receber a partir de ${v.claimsPendedFrom} ficam em espera: nós os pagamos quando você pagar tudo o que deve.`,
          ],
          todo: (v) => [
            `Pague ${v.amountDue} até ${v.graceEnd}. Se não pagar, sua cobertura terminará em ${v.terminationDate} e você poderá ter de pagar pelo atendimento recebido depois desse dia.`,
          ],
        },
        'grace-period-ended': {
          title: 'Seus pagamentos estão em dia',
          meaning: (v) => [
            `Recebemos tudo o que você devia. Seu período de tolerância terminou e sua cobertura continua sem interrupção${v.paidThrough ? `: ela está paga até ${v.paidThrough}` : ''}.`,
          ],
          todo: () => [
            'Continue pagando o seu prêmio até o vencimento todos os meses. O pagamento automático do portal do membro pode fazer isso por você.',
          ],
        },
        reinstatement: {
          title: 'Sua cobertura foi reativada',
          meaning: (v) => [
            `Recebemos o seu pagamento${v.amount ? ` de ${v.amount}` : ''}${v.months ? ` (${v.months})` : ''}. Sua cobertura foi reativada: ela continua sem interrupção, como se não tivesse terminado em ${v.terminationDate}.`,
            ...(v.paidThrough ? [`Seus prêmios estão pagos até ${v.paidThrough}.`] : []),
          ],
          todo: (v) => [
            `Pague o seu prêmio até o vencimento todos os meses${v.dueDate ? `; o próximo pagamento vence em ${v.dueDate}` : ''}. O pagamento automático do portal do membro pode fazer isso por você.`,
          ],
        },
        'binder-payment-due': {
          title: 'Seu primeiro pagamento está para vencer',
          meaning: (v) => [
            `Sua cobertura no ${v.planName} começa em ${v.effectiveDate} quando recebermos o seu primeiro pagamento do prêmio.`,
          ],
          todo: (v) => [
            `Pague ${v.amountDue} até ${v.dueDate}. Não há período de tolerância para o primeiro pagamento: se atrasar, sua cobertura não começará.`,
          ],
        },
        'enrollment-reminder': {
          title: 'Lembrete de inscrição',
          meaning: () => ['Sua família pediu cobertura, mas ainda não escolheu um plano.'],
          todo: () => [
            'Escolha um plano antes do prazo de inscrição para que a sua cobertura comece a tempo.',
          ],
        },
        'delivery-preferences': {
          title: 'Suas preferências de entrega mudaram',
          meaning: (v) => [
            ...(v.electronic.length > 0
              ? [
                  `A partir de agora, estes documentos são entregues eletronicamente: ${list(v.electronic, 'e')}. Avisamos ${v.deliveryEmail} quando um deles chega ao portal do membro.`,
                ]
              : []),
            ...(v.paper.length > 0
              ? [`Estes documentos são enviados em papel pelo correio: ${list(v.paper, 'e')}.`]
              : []),
          ],
          todo: () => [
            'Você pode mudar essas escolhas a qualquer momento no portal do membro, em Documentos digitais, e pedir uma cópia em papel de qualquer documento ligando para nós.',
          ],
        },
      },
    },
    tax: {
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
    receipt: {
      accountTypes: { Checking: 'corrente', Savings: 'poupança' },
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
    benefitNames: {
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
    cost: {
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
    sbc: {
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
    idCard: {
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
  },
  idp: {
    consumerTitle: 'Acesso do associado',
    consumerIntro: 'Entre para ver sua cobertura, pagar sua mensalidade e gerenciar sua conta.',
    workforceTitle: 'Acesso da equipe e de corretores',
    workforceIntro: 'Para a equipe da operadora e os corretores responsáveis.',
    username: 'Nome de usuário',
    password: 'Senha',
    signIn: 'Entrar',
    cancel: 'Cancelar e voltar',
    invalidCredentials: 'O nome de usuário ou a senha não estão corretos. Tente novamente.',
    missingFields: 'Informe seu nome de usuário e sua senha.',
    tooManyAttempts: 'Muitas tentativas sem sucesso. Aguarde 15 minutos e tente novamente.',
    sessionExpired: 'O acesso demorou demais. Comece novamente a partir do portal.',
    language: 'Idioma',
    demoHint: 'As contas de demonstração e a senha estão listadas no README.',
    signOutTitle: 'Sair',
    signOutQuestion: 'Deseja sair do portal?',
    signOutConfirm: 'Sim, quero sair',
    signOutCancel: 'Não, continuar conectado',
    signedOutTitle: 'Você saiu',
    signedOutBody: 'Você saiu da sua conta. Já pode fechar esta janela.',
    errorTitle: 'Problema ao entrar',
    errorBody: 'Não foi possível concluir o acesso. Volte ao portal e tente novamente.',
    backToPortal: 'Voltar ao portal',
    consentTitle: 'Permitir que {app} leia suas informações?',
    consentIntro:
      '{app}, de {publisher}, pede para ler o seguinte da sua conta na {issuer}. Ele só pode ler: não pode alterar nada nem fazer pagamentos.',
    consentListLabel: 'O que {app} vai ler',
    consentPatient:
      'Seu nome, data de nascimento, sexo, número de associado, endereço e dados de contato, e os dos dependentes dos planos de que você é titular.',
    consentCoverage:
      'Sua cobertura: seus planos com os números do plano e do grupo, quem está coberto e as datas de cobertura.',
    consentIdentity: 'Quem você é: que você é este associado da {issuer}.',
    consentProfile: 'Seu nome e seu nome de usuário.',
    consentEmail: 'Seu endereço de e-mail.',
    consentOffline:
      'Continuar lendo essas informações quando você não estiver usando o aplicativo, por até 90 dias ou até você desconectá-lo.',
    consentRevoke:
      'Você pode ver os aplicativos que conectou e desconectá-los a qualquer momento na página do portal “Quem viu minhas informações”.',
    consentAllow: 'Permitir',
    consentDeny: 'Não permitir',
  },
  samlError: {
    title: 'Não foi possível fazer o seu acesso',
    invalid:
      'Não foi possível verificar as informações de acesso enviadas pelo site de origem. Volte a esse site e comece novamente.',
    expired:
      'Este link de acesso expirou ou já foi usado. Volte ao site que o enviou para cá e comece novamente.',
    malformed:
      'A solicitação de acesso estava incompleta. Volte ao site que o enviou para cá e comece novamente.',
    unavailable:
      'O acesso a partir de um site parceiro não está disponível no momento. Entre diretamente no portal.',
    tooMany: 'Muitas tentativas de acesso. Aguarde um minuto e tente novamente.',
    failed: 'Algo deu errado do nosso lado. Tente novamente em alguns minutos.',
    goToPortal: 'Ir para o portal',
    reference: 'Referência para o suporte',
  },
  devMailbox: {
    title: 'Caixa de correio de desenvolvimento',
    intro:
      'Modo de demonstração: os e-mails que o portal envia ficam aqui em vez de serem entregues. Esta página não existe em produção.',
    empty: 'Ainda não há e-mails.',
    received: 'Recebido',
    to: 'Para',
    from: 'De',
    subject: 'Assunto',
    back: 'Todos os e-mails',
    html: 'Abrir a versão HTML',
    textHeading: 'Versão em texto simples',
    language: 'Idioma',
    portal: 'Voltar ao portal',
  },
  reinstatement: {
    returnedNote:
      'Seu banco devolveu o pagamento, por isso não pudemos reativar sua cobertura. Você pode pagar novamente antes do prazo.',
  },
};
