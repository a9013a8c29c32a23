import type { PdfLanguage } from '../../../pdf/pdf-writer';

/** A notice's facts, already formatted for its language (absent facts are empty strings). */
export type NoticeValues = Record<
  | 'planName'
  | 'previousPlanName'
  | 'effectiveDate'
  | 'premium'
  | 'taxCredit'
  | 'amount'
  | 'paymentDate'
  | 'graceStart'
  | 'graceEnd'
  | 'terminationDate'
  | 'dueDate'
  | 'amountDue'
  | 'reinstatementEligible'
  | 'reinstateBy'
  | 'deliveryEmail'
  | 'months'
  | 'claimsPendedFrom'
  | 'paidThrough'
  | 'binderDeadline',
  string
> & { electronic: string[]; paper: string[]; voluntary: boolean; binderNotPaid: boolean };

export interface NoticeText {
  title: string;
  meaning: (v: NoticeValues) => string[];
  todo: (v: NoticeValues) => string[];
}

export interface NoticeTexts {
  meaningHeading: string;
  todoHeading: string;
  noticeDate: string;
  amountDue: string;
  kinds: Record<string, NoticeText>;
  fallback: NoticeText;
  deliveryKinds: { invoices: string; notices: string; taxForms: string };
}

const list = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1) ?? ''}`;

export const NOTICE: Record<PdfLanguage, NoticeTexts> = {
  en: {
    meaningHeading: 'What this means',
    todoHeading: 'What you need to do',
    noticeDate: 'Notice date',
    amountDue: 'Amount due',
    deliveryKinds: { invoices: 'invoices', notices: 'notices', taxForms: 'tax forms' },
    fallback: {
      title: 'Notice about your coverage',
      meaning: () => ['We are writing about your coverage.'],
      todo: () => ['Sign in to the member portal or call us if you have questions.'],
    },
    kinds: {
      welcome: {
        title: 'Welcome to your plan',
        meaning: (v) => [
          `Thank you for choosing ${v.planName}. Your coverage starts on ${v.effectiveDate}.`,
          'Your ID card will arrive by mail. You can also see your coverage, pay premiums and read your documents in the member portal.',
        ],
        todo: () => [
          'Pay your premium by its due date each month so your coverage continues. You can set up autopay in the member portal.',
        ],
      },
      renewal: {
        title: 'Your coverage renews',
        meaning: (v) => [
          `Your coverage renews on ${v.effectiveDate} with ${v.planName}.`,
          `Your new monthly premium is ${v.premium}${v.taxCredit ? `, before an advance premium tax credit of ${v.taxCredit}` : ''}.`,
        ],
        todo: () => [
          'You do not need to do anything to keep this plan. To choose another plan, change it during open enrollment (November 1 to January 23).',
        ],
      },
      'plan-change': {
        title: 'Your plan changed',
        meaning: (v) => [
          `From ${v.effectiveDate} your plan is ${v.planName} (it was ${v.previousPlanName}).`,
        ],
        todo: () => [
          "Check the new plan's benefits and premium in the member portal. Your next invoice shows the new premium.",
        ],
      },
      'premium-change': {
        title: 'Your premium is changing',
        meaning: (v) => [
          `From ${v.effectiveDate} your monthly premium is ${v.premium}${v.taxCredit ? `, before an advance premium tax credit of ${v.taxCredit}` : ''}.`,
        ],
        todo: () => [
          'If you use autopay with a fixed amount, update it. Otherwise you do not need to do anything.',
        ],
      },
      'payment-failed': {
        title: 'A payment did not go through',
        meaning: (v) => [
          `Your payment of ${v.amount} on ${v.paymentDate} was not completed by your bank or card issuer.`,
        ],
        todo: () => [
          'Make the payment again in the member portal, or use another payment method, before the due date.',
        ],
      },
      'grace-period': {
        title: 'You are in a grace period',
        meaning: (v) => [
          `We have not received your full premium. Your grace period started on ${v.graceStart} and ends on ${v.graceEnd}.`,
          'During the grace period we may hold claims for services you receive. If you pay everything you owe before it ends, your coverage continues without a break.',
        ],
        todo: (v) => [
          `Pay ${v.amountDue}${v.months ? ` (${v.months})` : ''} before ${v.graceEnd}. If you do not, your coverage will end and you may have to pay for care you received.`,
        ],
      },
      termination: {
        title: 'Your coverage is ending',
        meaning: (v) => [
          `Your coverage ends on ${v.terminationDate}${v.voluntary ? ', as you asked.' : ' because premiums were not paid by the end of the grace period.'}`,
        ],
        todo: (v) => [
          v.reinstatementEligible
            ? `You can ask to reinstate your coverage by paying ${v.amountDue || 'the amount due'}${v.months ? ` (${v.months})` : ''} in the member portal${v.reinstateBy ? ` by ${v.reinstateBy}` : ''}.`
            : 'If you need coverage, you may qualify for a special enrollment period through the Marketplace.',
        ],
      },
      cancellation: {
        title: 'Your coverage was cancelled',
        meaning: (v) =>
          v.binderNotPaid
            ? [
                `Your coverage in ${v.planName}, which was to start on ${v.effectiveDate}, was cancelled: we did not receive your first premium payment by ${v.binderDeadline}.`,
                'There is no grace period for a first payment, so the coverage never took effect.',
              ]
            : [
                `Your coverage in ${v.planName}, which was to start on ${v.effectiveDate}, was cancelled before it started.`,
              ],
        todo: (v) =>
          v.binderNotPaid
            ? [
                'If you still need coverage, you may qualify for a special enrollment period. Call us or visit the Marketplace.',
              ]
            : ['You do not need to do anything. If you believe this is a mistake, call us.'],
      },
      'past-due': {
        title: 'Your premium is past due',
        meaning: (v) => [
          `We have not received your premium for ${v.months}. It was due on ${v.graceStart}.`,
          `Your coverage continues during a grace period that ends on ${v.graceEnd}.`,
        ],
        todo: (v) => [
          `Pay ${v.amountDue} by ${v.graceEnd}. If you do not, your coverage will end on ${v.terminationDate}, the last day you paid for.`,
        ],
      },
      'claims-pended': {
        title: 'We are holding claims until you pay',
        meaning: (v) => [
          `You are in the second month of your grace period and still owe your premium for ${v.months}.`,
          `Claims for care you receive from ${v.claimsPendedFrom} are on hold: we pay them once you pay everything you owe.`,
        ],
        todo: (v) => [
          `Pay ${v.amountDue} by ${v.graceEnd}. If you do not, your coverage will end on ${v.terminationDate} and you may have to pay for care you received after that day.`,
        ],
      },
      'grace-period-ended': {
        title: 'Your payments are up to date',
        meaning: (v) => [
          `We received everything you owed. Your grace period is over and your coverage continues without a break${v.paidThrough ? `: it is paid through ${v.paidThrough}` : ''}.`,
        ],
        todo: () => [
          'Keep paying your premium by its due date each month. Autopay in the member portal can do it for you.',
        ],
      },
      // Issue 11: a policy terminated for non-payment, reinstated once the member paid the amount due.
      reinstatement: {
        title: 'Your coverage is reinstated',
        meaning: (v) => [
          `We received your payment${v.amount ? ` of ${v.amount}` : ''}${v.months ? ` (${v.months})` : ''}. Your coverage is reinstated: it continues without a break, as if it had not ended on ${v.terminationDate}.`,
          ...(v.paidThrough ? [`Your premiums are paid through ${v.paidThrough}.`] : []),
        ],
        todo: (v) => [
          `Pay your premium by its due date each month${v.dueDate ? `; your next payment is due on ${v.dueDate}` : ''}. Autopay in the member portal can do it for you.`,
        ],
      },
      'binder-payment-due': {
        title: 'Your first payment is due',
        meaning: (v) => [
          `Your coverage in ${v.planName} starts on ${v.effectiveDate} once we receive your first premium payment.`,
        ],
        todo: (v) => [
          `Pay ${v.amountDue} by ${v.dueDate}. There is no grace period for a first payment: if it is late, your coverage will not start.`,
        ],
      },
      'enrollment-reminder': {
        title: 'Reminder to enroll',
        meaning: () => ['Your household applied for coverage but has not chosen a plan yet.'],
        todo: () => ['Choose a plan before the enrollment deadline so that your coverage can start on time.'],
      },
      'delivery-preferences': {
        title: 'Your delivery preferences changed',
        meaning: (v) => [
          ...(v.electronic.length > 0
            ? [
                `From now on your ${list(v.electronic, 'and')} are delivered electronically: we e-mail ${v.deliveryEmail} when one arrives in the member portal.`,
              ]
            : []),
          ...(v.paper.length > 0 ? [`Your ${list(v.paper, 'and')} are mailed to you on paper.`] : []),
        ],
        todo: () => [
          'You can change these choices at any time in the member portal under Paperless settings, and ask for a paper copy of any document by calling us.',
        ],
      },
    },
  },
  es: {
    meaningHeading: 'Qué significa',
    todoHeading: 'Qué debe hacer',
    noticeDate: 'Fecha del aviso',
    amountDue: 'Monto a pagar',
    deliveryKinds: { invoices: 'facturas', notices: 'avisos', taxForms: 'formularios de impuestos' },
    fallback: {
      title: 'Aviso sobre su cobertura',
      meaning: () => ['Le escribimos sobre su cobertura.'],
      todo: () => ['Inicie sesión en el portal para miembros o llámenos si tiene preguntas.'],
    },
    kinds: {
      welcome: {
        title: 'Bienvenido a su plan',
        meaning: (v) => [
          `Gracias por elegir ${v.planName}. Su cobertura comienza el ${v.effectiveDate}.`,
          'Recibirá su tarjeta de identificación por correo. También puede ver su cobertura, pagar las primas y leer sus documentos en el portal para miembros.',
        ],
        todo: () => [
          'Pague su prima antes de la fecha de vencimiento cada mes para mantener su cobertura. Puede activar el pago automático en el portal para miembros.',
        ],
      },
      renewal: {
        title: 'Su cobertura se renueva',
        meaning: (v) => [
          `Su cobertura se renueva el ${v.effectiveDate} con ${v.planName}.`,
          `Su nueva prima mensual es de ${v.premium}${v.taxCredit ? `, antes de un crédito fiscal anticipado de ${v.taxCredit}` : ''}.`,
        ],
        todo: () => [
          'No necesita hacer nada para mantener este plan. Para elegir otro plan, cámbielo durante la inscripción abierta (del 1 de noviembre al 23 de enero).',
        ],
      },
      'plan-change': {
        title: 'Su plan cambió',
        meaning: (v) => [
          `A partir del ${v.effectiveDate} su plan es ${v.planName} (antes era ${v.previousPlanName}).`,
        ],
        todo: () => [
          'Revise los beneficios y la prima del nuevo plan en el portal para miembros. Su próxima factura muestra la nueva prima.',
        ],
      },
      'premium-change': {
        title: 'Su prima va a cambiar',
        meaning: (v) => [
          `A partir del ${v.effectiveDate} su prima mensual es de ${v.premium}${v.taxCredit ? `, antes de un crédito fiscal anticipado de ${v.taxCredit}` : ''}.`,
        ],
        todo: () => [
          'Si usa el pago automático con un monto fijo, actualícelo. De lo contrario, no necesita hacer nada.',
        ],
      },
      'payment-failed': {
        title: 'Un pago no se completó',
        meaning: (v) => [
          `Su banco o el emisor de su tarjeta no completó su pago de ${v.amount} del ${v.paymentDate}.`,
        ],
        todo: () => [
          'Vuelva a hacer el pago en el portal para miembros, o use otro método de pago, antes de la fecha de vencimiento.',
        ],
      },
      'grace-period': {
        title: 'Está en un período de gracia',
        meaning: (v) => [
          `No hemos recibido su prima completa. Su período de gracia comenzó el ${v.graceStart} y termina el ${v.graceEnd}.`,
          'Durante el período de gracia podemos retener los reclamos de los servicios que reciba. Si paga todo lo que debe antes de que termine, su cobertura continúa sin interrupción.',
        ],
        todo: (v) => [
          `Pague ${v.amountDue}${v.months ? ` (${v.months})` : ''} antes del ${v.graceEnd}. Si no lo hace, su cobertura terminará y es posible que tenga que pagar la atención que recibió.`,
        ],
      },
      termination: {
        title: 'Su cobertura termina',
        meaning: (v) => [
          `Su cobertura termina el ${v.terminationDate}${v.voluntary ? ', como usted lo pidió.' : ' porque las primas no se pagaron antes del final del período de gracia.'}`,
        ],
        todo: (v) => [
          v.reinstatementEligible
            ? `Puede pedir que se restablezca su cobertura pagando ${v.amountDue || 'el monto adeudado'}${v.months ? ` (${v.months})` : ''} en el portal para miembros${v.reinstateBy ? ` a más tardar el ${v.reinstateBy}` : ''}.`
            : 'Si necesita cobertura, es posible que califique para un período de inscripción especial a través del Mercado de Seguros.',
        ],
      },
      cancellation: {
        title: 'Su cobertura fue cancelada',
        meaning: (v) =>
          v.binderNotPaid
            ? [
                `Su cobertura en ${v.planName}, que iba a comenzar el ${v.effectiveDate}, se canceló: no recibimos su primer pago de prima a más tardar el ${v.binderDeadline}.`,
                'No hay período de gracia para el primer pago, así que la cobertura nunca entró en vigor.',
              ]
            : [
                `Su cobertura en ${v.planName}, que iba a comenzar el ${v.effectiveDate}, se canceló antes de comenzar.`,
              ],
        todo: (v) =>
          v.binderNotPaid
            ? [
                'Si todavía necesita cobertura, es posible que califique para un período de inscripción especial. Llámenos o visite el Mercado de Seguros.',
              ]
            : ['No necesita hacer nada. Si cree que es un error, llámenos.'],
      },
      'past-due': {
        title: 'Su prima está vencida',
        meaning: (v) => [
          `No hemos recibido su prima de ${v.months}. Vencía el ${v.graceStart}.`,
          `Su cobertura continúa durante un período de gracia que termina el ${v.graceEnd}.`,
        ],
        todo: (v) => [
          `Pague ${v.amountDue} a más tardar el ${v.graceEnd}. Si no lo hace, su cobertura terminará el ${v.terminationDate}, el último día que pagó.`,
        ],
      },
      'claims-pended': {
        title: 'Retenemos sus reclamos hasta que pague',
        meaning: (v) => [
          `Está en el segundo mes de su período de gracia y todavía debe su prima de ${v.months}.`,
          `Los reclamos por la atención que reciba a partir del ${v.claimsPendedFrom} quedan en espera: los pagamos cuando usted pague todo lo que debe.`,
        ],
        todo: (v) => [
          `Pague ${v.amountDue} a más tardar el ${v.graceEnd}. Si no lo hace, su cobertura terminará el ${v.terminationDate} y es posible que tenga que pagar la atención que reciba después de ese día.`,
        ],
      },
      'grace-period-ended': {
        title: 'Sus pagos están al día',
        meaning: (v) => [
          `Recibimos todo lo que debía. Su período de gracia terminó y su cobertura continúa sin interrupción${v.paidThrough ? `: está pagada hasta el ${v.paidThrough}` : ''}.`,
        ],
        todo: () => [
          'Siga pagando su prima antes de la fecha de vencimiento cada mes. El pago automático del portal para miembros puede hacerlo por usted.',
        ],
      },
      reinstatement: {
        title: 'Su cobertura fue restablecida',
        meaning: (v) => [
          `Recibimos su pago${v.amount ? ` de ${v.amount}` : ''}${v.months ? ` (${v.months})` : ''}. Su cobertura fue restablecida: continúa sin interrupción, como si no hubiera terminado el ${v.terminationDate}.`,
          ...(v.paidThrough ? [`Sus primas están pagadas hasta el ${v.paidThrough}.`] : []),
        ],
        todo: (v) => [
          `Pague su prima antes de la fecha de vencimiento cada mes${v.dueDate ? `; su próximo pago vence el ${v.dueDate}` : ''}. El pago automático del portal para miembros puede hacerlo por usted.`,
        ],
      },
      'binder-payment-due': {
        title: 'Su primer pago vence pronto',
        meaning: (v) => [
          `Su cobertura en ${v.planName} comienza el ${v.effectiveDate} cuando recibamos su primer pago de prima.`,
        ],
        todo: (v) => [
          `Pague ${v.amountDue} a más tardar el ${v.dueDate}. No hay período de gracia para el primer pago: si llega tarde, su cobertura no comenzará.`,
        ],
      },
      'enrollment-reminder': {
        title: 'Recordatorio para inscribirse',
        meaning: () => ['Su hogar solicitó cobertura pero todavía no ha elegido un plan.'],
        todo: () => [
          'Elija un plan antes de la fecha límite de inscripción para que su cobertura pueda comenzar a tiempo.',
        ],
      },
      'delivery-preferences': {
        title: 'Sus preferencias de entrega cambiaron',
        meaning: (v) => [
          ...(v.electronic.length > 0
            ? [
                `De ahora en adelante sus ${list(v.electronic, 'y')} se entregan de forma electrónica: le escribimos a ${v.deliveryEmail} cuando llega uno al portal para miembros.`,
              ]
            : []),
          ...(v.paper.length > 0 ? [`Sus ${list(v.paper, 'y')} se le envían en papel por correo.`] : []),
        ],
        todo: () => [
          'Puede cambiar estas opciones en cualquier momento en el portal para miembros, en Documentos electrónicos, y pedir una copia en papel de cualquier documento llamándonos.',
        ],
      },
    },
  },
  pt: {
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
        todo: () => ['Escolha um plano antes do prazo de inscrição para que a sua cobertura comece a tempo.'],
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
};
