import { list, noticeKinds, noticeText, type NoticeValues } from './notice';

/**
 * What the server says in English, by area: its e-mails (`mail`), its printed documents (`pdf.*`) and the
 * pages and notes it writes itself (`idp`, `samlError`, `devMailbox`, `reinstatement`). This catalogue is
 * the shape of every language: es.ts and pt.ts are typed by it, so a key missing there fails the
 * type-check, and catalogue.test.ts checks that none is empty, copied from English or missing a value.
 * Read it through `texts(language)` (index.ts). A text that takes values is a function of them, so each
 * language puts them where its sentence needs them. The sandbox processor's hosted fields
 * (processor/sandbox/i18n.ts) and the SAML test issuer (idp/saml-test/i18n.ts) keep their own words:
 * they stand in for other parties' systems, which speak for themselves.
 */
export const en = {
  /** The e-mails (mail/messages.ts): no health or payment facts, only that something arrived. */
  mail: {
    hello: 'Hello,',
    documentSubject: {
      invoice: 'Your new invoice is ready',
      notice: 'You have a new notice',
      tax: 'Your tax form is ready',
    },
    documentBody: {
      invoice: 'A new invoice is in your member portal.',
      notice: 'A new notice about your coverage is in your member portal.',
      tax: 'A tax form you need to file your taxes is in your member portal.',
    },
    messageSubject: 'You have a new message',
    messageBody: 'You have a new message in your member portal.',
    signIn: 'Sign in to read it',
    confirmSubject: 'Confirm your e-mail address for paperless delivery',
    confirmBody: (hours: number) =>
      `You asked to receive your documents electronically at this address. Confirm it to turn on paperless delivery. The link works for ${hours} hours.`,
    confirmAction: 'Confirm my e-mail address',
    notYou:
      'If you did not ask for this, ignore this e-mail: nothing changes until the address is confirmed.',
    footer: (issuer: string) => `This e-mail was sent by ${issuer}. Please do not reply to it.`,
    callUs: (phone: string) => `Questions? Call ${phone}.`,
  },
  /** The printed documents (tagged PDFs, docs/decisions/017). */
  pdf: {
    /** Words every printed document shares. */
    common: {
      page: (page: number, pages: number) => `Page ${page} of ${pages}`,
      questions: (phone: string, hours: string) => `Questions? Call ${phone}${hours ? ` (${hours})` : ''}.`,
      member: 'Member',
      dateOfBirth: 'Date of birth',
      policyNumber: 'Policy number',
      plan: 'Plan',
      mailingAddress: 'Mailing address',
      issued: 'Date issued',
      questionsHeading: 'Questions',
      none: 'None',
      /** Consecutive months as one range inside a sentence: "August 2026 to November 2026". */
      monthRange: (first: string, last: string) => `${first} to ${last}`,
      /** The word that joins the last two items of a list. */
      and: 'and',
    },
    /** An invoice (DOMAIN "Documents": period, premium, subsidies, amount due, due date, past due). */
    invoice: {
      monthlyTitle: (month: string) => `Premium invoice for ${month}`,
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
      card: (digits: string | null) => (digits ? `Card ending in ${digits}` : 'Card'),
      bank: (digits: string | null) => (digits ? `Bank account ending in ${digits}` : 'Bank account'),
      noPayments: 'No payments were received since your last invoice.',
      howToPay: 'How to pay',
      online:
        'Online: sign in to the member portal and choose "Make a payment". You can also pay from a saved card or bank account, or set up autopay.',
      autopayOn:
        'Autopay is on for this policy: the amount due is paid automatically from your saved payment method. You do not need to do anything.',
      byCheck: (payee: string, address: string, policyNumber: string) =>
        `By check: make it payable to ${payee} and mail it to ${address}. Write your policy number (${policyNumber}) on the check.`,
      byPhone: (phone: string) => `By phone: call ${phone}.`,
      lateWarning:
        'If the amount due is not paid by the due date, your coverage may enter a grace period and could end.',
      binderWarning: 'Your coverage starts only once this first payment is received by the due date.',
      nothingDue: 'Nothing is due: thank you.',
    },
    /** A notice: what happened and what to do, per kind (`kinds`, the web's `notice.<kind>` titles). */
    notice: {
      meaningHeading: 'What this means',
      todoHeading: 'What you need to do',
      noticeDate: 'Notice date',
      amountDue: 'Amount due',
      deliveryKinds: { invoices: 'invoices', notices: 'notices', taxForms: 'tax forms' },
      fallback: noticeText({
        title: 'Notice about your coverage',
        meaning: () => ['We are writing about your coverage.'],
        todo: () => ['Sign in to the member portal or call us if you have questions.'],
      }),
      kinds: noticeKinds({
        welcome: {
          title: 'Welcome to your plan',
          meaning: (v: NoticeValues) => [
            `Thank you for choosing ${v.planName}. Your coverage starts on ${v.effectiveDate}.`,
            'Your ID card will arrive by mail. You can also see your coverage, pay premiums and read your documents in the member portal.',
          ],
          todo: () => [
            'Pay your premium by its due date each month so your coverage continues. You can set up autopay in the member portal.',
          ],
        },
        renewal: {
          title: 'Your coverage renews',
          meaning: (v: NoticeValues) => [
            `Your coverage renews on ${v.effectiveDate} with ${v.planName}.`,
            `Your new monthly premium is ${v.premium}${v.taxCredit ? `, before an advance premium tax credit of ${v.taxCredit}` : ''}.`,
          ],
          todo: () => [
            'You do not need to do anything to keep this plan. To choose another plan, change it during open enrollment (November 1 to January 23).',
          ],
        },
        'plan-change': {
          title: 'Your plan changed',
          meaning: (v: NoticeValues) => [
            `From ${v.effectiveDate} your plan is ${v.planName} (it was ${v.previousPlanName}).`,
          ],
          todo: () => [
            "Check the new plan's benefits and premium in the member portal. Your next invoice shows the new premium.",
          ],
        },
        'premium-change': {
          title: 'Your premium is changing',
          meaning: (v: NoticeValues) => [
            `From ${v.effectiveDate} your monthly premium is ${v.premium}${v.taxCredit ? `, before an advance premium tax credit of ${v.taxCredit}` : ''}.`,
          ],
          todo: () => [
            'If you use autopay with a fixed amount, update it. Otherwise you do not need to do anything.',
          ],
        },
        'payment-failed': {
          title: 'A payment did not go through',
          meaning: (v: NoticeValues) => [
            `Your payment of ${v.amount} on ${v.paymentDate} was not completed by your bank or card issuer.`,
          ],
          todo: () => [
            'Make the payment again in the member portal, or use another payment method, before the due date.',
          ],
        },
        'grace-period': {
          title: 'You are in a grace period',
          meaning: (v: NoticeValues) => [
            `We have not received your full premium. Your grace period started on ${v.graceStart} and ends on ${v.graceEnd}.`,
            'During the grace period we may hold claims for services you receive. If you pay everything you owe before it ends, your coverage continues without a break.',
          ],
          todo: (v: NoticeValues) => [
            `Pay ${v.amountDue}${v.months ? ` (${v.months})` : ''} before ${v.graceEnd}. If you do not, your coverage will end and you may have to pay for care you received.`,
          ],
        },
        termination: {
          title: 'Your coverage is ending',
          meaning: (v: NoticeValues) => [
            `Your coverage ends on ${v.terminationDate}${v.voluntary ? ', as you asked.' : ' because premiums were not paid by the end of the grace period.'}`,
          ],
          todo: (v: NoticeValues) => [
            v.reinstatementEligible
              ? `You can ask to reinstate your coverage by paying ${v.amountDue || 'the amount due'}${v.months ? ` (${v.months})` : ''} in the member portal${v.reinstateBy ? ` by ${v.reinstateBy}` : ''}.`
              : 'If you need coverage, you may qualify for a special enrollment period through the Marketplace.',
          ],
        },
        cancellation: {
          title: 'Your coverage was cancelled',
          meaning: (v: NoticeValues) =>
            v.binderNotPaid
              ? [
                  `Your coverage in ${v.planName}, which was to start on ${v.effectiveDate}, was cancelled: we did not receive your first premium payment by ${v.binderDeadline}.`,
                  'There is no grace period for a first payment, so the coverage never took effect.',
                ]
              : [
                  `Your coverage in ${v.planName}, which was to start on ${v.effectiveDate}, was cancelled before it started.`,
                ],
          todo: (v: NoticeValues) =>
            v.binderNotPaid
              ? [
                  'If you still need coverage, you may qualify for a special enrollment period. Call us or visit the Marketplace.',
                ]
              : ['You do not need to do anything. If you believe this is a mistake, call us.'],
        },
        'past-due': {
          title: 'Your premium is past due',
          meaning: (v: NoticeValues) => [
            `We have not received your premium for ${v.months}. It was due on ${v.graceStart}.`,
            `Your coverage continues during a grace period that ends on ${v.graceEnd}.`,
          ],
          todo: (v: NoticeValues) => [
            `Pay ${v.amountDue} by ${v.graceEnd}. If you do not, your coverage will end on ${v.terminationDate}, the last day you paid for.`,
          ],
        },
        'claims-pended': {
          title: 'We are holding claims until you pay',
          meaning: (v: NoticeValues) => [
            `You are in the second month of your grace period and still owe your premium for ${v.months}.`,
            `Claims for care you receive from ${v.claimsPendedFrom} are on hold: we pay them once you pay everything you owe.`,
          ],
          todo: (v: NoticeValues) => [
            `Pay ${v.amountDue} by ${v.graceEnd}. If you do not, your coverage will end on ${v.terminationDate} and you may have to pay for care you received after that day.`,
          ],
        },
        'grace-period-ended': {
          title: 'Your payments are up to date',
          meaning: (v: NoticeValues) => [
            `We received everything you owed. Your grace period is over and your coverage continues without a break${v.paidThrough ? `: it is paid through ${v.paidThrough}` : ''}.`,
          ],
          todo: () => [
            'Keep paying your premium by its due date each month. Autopay in the member portal can do it for you.',
          ],
        },
        // Issue 11: a policy terminated for non-payment, reinstated once the member paid the amount due.
        reinstatement: {
          title: 'Your coverage is reinstated',
          meaning: (v: NoticeValues) => [
            `We received your payment${v.amount ? ` of ${v.amount}` : ''}${v.months ? ` (${v.months})` : ''}. Your coverage is reinstated: it continues without a break, as if it had not ended on ${v.terminationDate}.`,
            ...(v.paidThrough ? [`Your premiums are paid through ${v.paidThrough}.`] : []),
          ],
          todo: (v: NoticeValues) => [
            `Pay your premium by its due date each month${v.dueDate ? `; your next payment is due on ${v.dueDate}` : ''}. Autopay in the member portal can do it for you.`,
          ],
        },
        'binder-payment-due': {
          title: 'Your first payment is due',
          meaning: (v: NoticeValues) => [
            `Your coverage in ${v.planName} starts on ${v.effectiveDate} once we receive your first premium payment.`,
          ],
          todo: (v: NoticeValues) => [
            `Pay ${v.amountDue} by ${v.dueDate}. There is no grace period for a first payment: if it is late, your coverage will not start.`,
          ],
        },
        'enrollment-reminder': {
          title: 'Reminder to enroll',
          meaning: () => ['Your household applied for coverage but has not chosen a plan yet.'],
          todo: () => [
            'Choose a plan before the enrollment deadline so that your coverage can start on time.',
          ],
        },
        'delivery-preferences': {
          title: 'Your delivery preferences changed',
          meaning: (v: NoticeValues) => [
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
      }),
    },
    /** Tax forms: the structure of IRS Forms 1095-A and 1095-B and Massachusetts Form MA 1099-HC. */
    tax: {
      form1095ATitle: (year: number) => `Form 1095-A Health Insurance Marketplace Statement, ${year}`,
      form1095ACopy: (issuer: string) =>
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
      form1095BTitle: (year: number) => `Form 1095-B Health Coverage, ${year}`,
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
      ma1099Title: (year: number) =>
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
    /** A payment receipt (issue 9). */
    receipt: {
      /** Bank account types as the processor names them (the wallet's `Checking`/`Savings`). */
      accountTypes: { Checking: 'Checking', Savings: 'Savings' },
      title: 'Payment receipt',
      /** The sentence under the title: what became of the payment. */
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
      card: (brand: string | null, digits: string | null) =>
        `${brand ?? 'Card'}${digits ? ` ending in ${digits}` : ''}`,
      bank: (type: string | null, digits: string | null) =>
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
    /**
     * The Summary of Benefits and Coverage and the ID card (issue 12), as the web says them in its
     * benefits.json and idCard.json. Benefit names by key (`benefit.<name>`).
     */
    benefitNames: {
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
    cost: {
      copay: (amount: string) => `${amount} copay`,
      coinsurance: (percent: string) => `${percent} coinsurance`,
      noCharge: 'No charge',
      firstVisits: (visits: number) => `No charge for the first ${visits} visits`,
      afterDeductible: 'after deductible',
      notCovered: 'Not covered',
      upTo: (amount: string) => `Up to ${amount}`,
      yes: 'Yes',
      no: 'No',
      notOnFile: 'Not on file',
    },
    sbc: {
      title: (planName: string) => `Summary of Benefits and Coverage: ${planName}`,
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
      deductibleAnswer: (inNetwork: string, outOfNetwork: string) =>
        `${inNetwork} for network providers; ${outOfNetwork} for out-of-network providers.`,
      beforeDeductible: 'Are there services covered before you meet your deductible?',
      beforeDeductibleAnswer: (services: string) => `Yes: ${services}.`,
      beforeDeductibleNone:
        'No. You pay the full cost of care until you meet the deductible, except preventive care.',
      outOfPocketLimit: 'What is the out-of-pocket limit for this plan?',
      outOfPocketAnswer: (inNetwork: string, outOfNetwork: string) =>
        `${inNetwork} for network providers; ${outOfNetwork} for out-of-network providers. Premiums and care the plan does not cover do not count toward it.`,
      lessInNetwork: 'Will you pay less if you use a network provider?',
      lessInNetworkAnswer: (network: string, phone: string) =>
        `Yes. This plan uses the ${network}. You pay more with an out-of-network provider, and may receive a bill for the difference. Call ${phone} for a list of network providers.`,
      onlyInNetworkAnswer: (network: string, phone: string) =>
        `Yes. This plan uses the ${network} and pays nothing for care out of network, except emergencies. Call ${phone} for a list of network providers.`,
      referral: 'Do you need a referral to see a specialist?',
      referralYes: 'Yes. Ask your primary care provider for a referral before you see a specialist.',
      referralNo: 'No. You can see the specialist you choose without a referral.',
      whatYouPay: 'What you will pay',
      service: 'Service',
      inNetwork: 'Network provider (you will pay the least)',
      outOfNetwork: 'Out-of-network provider (you will pay the most)',
      drugs: 'Prescription drugs',
      drugsAnswer: (covered: string) =>
        `Prescription drugs covered: ${covered}. Fill prescriptions at a network pharmacy.`,
      emergencyNote: 'Emergency care costs what it costs in network, at any hospital (No Surprises Act).',
      preventiveNote:
        'Preventive care from network providers (check-ups, screenings, vaccines) is covered at no charge.',
      aboutThisSummary: 'About this summary',
      generatedFrom: (issuer: string, phone: string) =>
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
    idCard: {
      title: 'ID cards',
      subject: (policyNumber: string) => `ID cards for policy ${policyNumber}`,
      intro:
        'Print this page and cut out the front and the back of each card, or show the card on your phone. Every covered member has a card of their own.',
      cardFor: (name: string) => `ID card of ${name}`,
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
      rx: (bin: string, pcn: string, group: string) => `Rx BIN ${bin} · PCN ${pcn} · Rx group ${group}`,
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
      qrAlt: (memberId: string) => `QR code with the Member ID ${memberId}`,
      noCards:
        'Nobody on this policy is covered today or from a coming date, so there is no ID card to print.',
      relationship: {
        self: 'Subscriber',
        spouse: 'Spouse',
        child: 'Child',
        domesticPartner: 'Domestic partner',
        stepchild: 'Stepchild',
        ward: 'Ward',
        other: 'Dependent',
      },
      page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    },
  },
  /** The built-in identity providers' pages (idp/pages.ts fills `{app}`, `{publisher}`, `{issuer}`). */
  idp: {
    consumerTitle: 'Member sign-in',
    consumerIntro: 'Sign in to see your coverage, pay your premium and manage your account.',
    workforceTitle: 'Staff and broker sign-in',
    workforceIntro: 'For issuer staff and brokers of record.',
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    cancel: 'Cancel and go back',
    invalidCredentials: 'The username or password is not correct. Please try again.',
    missingFields: 'Enter your username and password.',
    tooManyAttempts: 'Too many unsuccessful attempts. Please wait 15 minutes and try again.',
    sessionExpired: 'Your sign-in took too long. Please start again from the portal.',
    language: 'Language',
    demoHint: 'Demo accounts and their password are listed in the README.',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of the portal?',
    signOutConfirm: 'Yes, sign me out',
    signOutCancel: 'No, stay signed in',
    signedOutTitle: 'You are signed out',
    signedOutBody: 'You have signed out. You can close this window.',
    errorTitle: 'Sign-in problem',
    errorBody: 'We could not complete the sign-in. Please go back to the portal and try again.',
    backToPortal: 'Back to the portal',
    consentTitle: 'Allow {app} to read your information?',
    consentIntro:
      '{app}, from {publisher}, asks to read the following from your {issuer} account. It can only read: it cannot change anything or make payments.',
    consentListLabel: 'What {app} will read',
    consentPatient:
      'Your name, date of birth, gender, member ID, address and contact details, and those of the dependents on the policies you hold.',
    consentCoverage:
      'Your coverage: your plans with their plan and group numbers, who is covered and the coverage dates.',
    consentIdentity: 'Who you are: that you are this member of {issuer}.',
    consentProfile: 'Your name and username.',
    consentEmail: 'Your e-mail address.',
    consentOffline:
      'Keep reading this information when you are not using the app, for up to 90 days or until you disconnect it.',
    consentRevoke:
      'You can see the apps you connected and disconnect them at any time on the portal page “Who has seen my information”.',
    consentAllow: 'Allow',
    consentDeny: 'Don’t allow',
  },
  /** The page an asserted (SAML) sign-in that is refused shows (modules/saml/error-page.ts). */
  samlError: {
    title: 'We could not sign you in',
    invalid:
      'The sign-in information sent by the referring site could not be verified. Please go back to that site and start again.',
    expired:
      'This sign-in link has expired or has already been used. Please go back to the site that sent you and start again.',
    malformed:
      'The sign-in request was incomplete. Please go back to the site that sent you and start again.',
    unavailable:
      'Signing in from a partner site is not available right now. Please sign in to the portal directly.',
    tooMany: 'Too many sign-in attempts. Please wait a minute and try again.',
    failed: 'Something went wrong on our side. Please try again in a few minutes.',
    goToPortal: 'Go to the portal',
    reference: 'Reference for the help desk',
  },
  /** The development mailbox's pages (demo mode only). */
  devMailbox: {
    title: 'Development mailbox',
    intro:
      'Demo mode: e-mails the portal sends are caught here instead of being delivered. This page does not exist in production.',
    empty: 'No e-mail yet.',
    received: 'Received',
    to: 'To',
    from: 'From',
    subject: 'Subject',
    back: 'All e-mails',
    html: 'Open the HTML version',
    textHeading: 'Plain-text version',
    language: 'Language',
    portal: 'Back to the portal',
  },
  /** The note a reinstatement request carries when the bank returned its payment. */
  reinstatement: {
    returnedNote:
      'Your bank returned the payment, so we could not reinstate your coverage. You can pay again before the deadline.',
  },
};

export type Catalogue = typeof en;
