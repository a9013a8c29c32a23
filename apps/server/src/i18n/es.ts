import type { Catalogue } from './en';
import { list } from './notice';

/** What the server says in Spanish: the same keys as en.ts. */
export const es: Catalogue = {
  mail: {
    hello: 'Hola:',
    documentSubject: {
      invoice: 'Su nueva factura está lista',
      notice: 'Tiene un aviso nuevo',
      tax: 'Su formulario de impuestos está listo',
    },
    documentBody: {
      invoice: 'Hay una nueva factura en su portal para miembros.',
      notice: 'Hay un aviso nuevo sobre su cobertura en su portal para miembros.',
      tax: 'Hay un formulario que necesita para declarar sus impuestos en su portal para miembros.',
    },
    messageSubject: 'Tiene un mensaje nuevo',
    messageBody: 'Tiene un mensaje nuevo en su portal para miembros.',
    signIn: 'Inicie sesión para leerlo',
    confirmSubject: 'Confirme su correo electrónico para recibir documentos electrónicos',
    confirmBody: (hours) =>
      `Pidió recibir sus documentos de forma electrónica en esta dirección. Confírmela para activar la entrega electrónica. El enlace funciona durante ${hours} horas.`,
    confirmAction: 'Confirmar mi correo electrónico',
    notYou: 'Si usted no lo pidió, ignore este mensaje: nada cambia hasta que se confirme la dirección.',
    footer: (issuer) => `Este mensaje lo envió ${issuer}. Por favor, no lo responda.`,
    callUs: (phone) => `¿Preguntas? Llame al ${phone}.`,
  },
  pdf: {
    common: {
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
    invoice: {
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
    notice: {
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
    tax: {
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
    receipt: {
      accountTypes: { Checking: 'de cheques', Savings: 'de ahorros' },
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
    benefitNames: {
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
    cost: {
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
    sbc: {
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
    idCard: {
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
  },
  idp: {
    consumerTitle: 'Inicio de sesión para miembros',
    consumerIntro: 'Inicie sesión para ver su cobertura, pagar su prima y administrar su cuenta.',
    workforceTitle: 'Inicio de sesión para personal y agentes',
    workforceIntro: 'Para el personal de la aseguradora y los agentes registrados.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    cancel: 'Cancelar y volver',
    invalidCredentials: 'El nombre de usuario o la contraseña no son correctos. Inténtelo de nuevo.',
    missingFields: 'Escriba su nombre de usuario y su contraseña.',
    tooManyAttempts: 'Demasiados intentos fallidos. Espere 15 minutos e inténtelo de nuevo.',
    sessionExpired: 'El inicio de sesión tardó demasiado. Vuelva a empezar desde el portal.',
    language: 'Idioma',
    demoHint: 'Las cuentas de demostración y su contraseña aparecen en el README.',
    signOutTitle: 'Cerrar sesión',
    signOutQuestion: '¿Desea cerrar su sesión en el portal?',
    signOutConfirm: 'Sí, cerrar sesión',
    signOutCancel: 'No, seguir conectado',
    signedOutTitle: 'Ha cerrado sesión',
    signedOutBody: 'Ha cerrado su sesión. Ya puede cerrar esta ventana.',
    errorTitle: 'Problema al iniciar sesión',
    errorBody: 'No pudimos completar el inicio de sesión. Vuelva al portal e inténtelo de nuevo.',
    backToPortal: 'Volver al portal',
    consentTitle: '¿Permitir que {app} lea su información?',
    consentIntro:
      '{app}, de {publisher}, pide leer lo siguiente de su cuenta de {issuer}. Solo puede leer: no puede cambiar nada ni hacer pagos.',
    consentListLabel: 'Lo que {app} leerá',
    consentPatient:
      'Su nombre, fecha de nacimiento, sexo, número de miembro, dirección y datos de contacto, y los de los dependientes de las pólizas de las que usted es titular.',
    consentCoverage:
      'Su cobertura: sus planes con sus números de plan y de grupo, quién está cubierto y las fechas de cobertura.',
    consentIdentity: 'Quién es usted: que es este miembro de {issuer}.',
    consentProfile: 'Su nombre y su nombre de usuario.',
    consentEmail: 'Su dirección de correo electrónico.',
    consentOffline:
      'Seguir leyendo esta información cuando usted no esté usando la aplicación, hasta 90 días o hasta que la desconecte.',
    consentRevoke:
      'Puede ver las aplicaciones que conectó y desconectarlas en cualquier momento en la página del portal «Quién ha visto mi información».',
    consentAllow: 'Permitir',
    consentDeny: 'No permitir',
  },
  samlError: {
    title: 'No pudimos iniciar su sesión',
    invalid:
      'No pudimos verificar la información de inicio de sesión enviada por el sitio de origen. Vuelva a ese sitio y empiece de nuevo.',
    expired:
      'Este enlace de inicio de sesión venció o ya se usó. Vuelva al sitio que lo envió aquí y empiece de nuevo.',
    malformed:
      'La solicitud de inicio de sesión estaba incompleta. Vuelva al sitio que lo envió aquí y empiece de nuevo.',
    unavailable:
      'El inicio de sesión desde un sitio asociado no está disponible en este momento. Inicie sesión directamente en el portal.',
    tooMany: 'Demasiados intentos de inicio de sesión. Espere un minuto e inténtelo de nuevo.',
    failed: 'Algo salió mal de nuestro lado. Inténtelo de nuevo en unos minutos.',
    goToPortal: 'Ir al portal',
    reference: 'Referencia para la mesa de ayuda',
  },
  devMailbox: {
    title: 'Buzón de desarrollo',
    intro:
      'Modo de demostración: los correos que envía el portal se guardan aquí en lugar de entregarse. Esta página no existe en producción.',
    empty: 'Todavía no hay correos.',
    received: 'Recibido',
    to: 'Para',
    from: 'De',
    subject: 'Asunto',
    back: 'Todos los correos',
    html: 'Abrir la versión HTML',
    textHeading: 'Versión de texto sin formato',
    language: 'Idioma',
    portal: 'Volver al portal',
  },
  reinstatement: {
    returnedNote:
      'Su banco devolvió el pago, por lo que no pudimos restablecer su cobertura. Puede volver a pagar antes de la fecha límite.',
  },
};
