import { addDays, daysBetween, isValidSsn, type CalendarDate, type ServiceRequestType } from '@portal/domain';
import type { PaymentMethod } from './billing';
import { instant, yearOf, type SeedContext } from './context';
import {
  exchangeMemberId,
  householdCode,
  householdExchangeId,
  seededPublicId,
  serviceRequestReference,
} from './ids';
import type {
  DocumentRef,
  Instrument,
  MemberInfo,
  PersonSpec,
  PolicyHost,
  PolicyOutcome,
  PolicySpec,
} from './model';
import { writeNotifications } from './notifications';
import { buildPolicy } from './policy';
import type { Random } from './random';
import type { PortalLanguage } from './reference/names';
import { BANKS } from './reference/parties';
import type { County } from './reference/places';
import { emptyRows, type SeedRows } from './rows';

export interface AddressSpec {
  readonly street1: string;
  readonly street2: string | null;
  readonly city: string;
  readonly zipCode: string;
  readonly county: County;
}

export interface HouseholdSpec {
  /** Household number: the source of every business id (see ids.ts). */
  readonly number: number;
  /** False for a member whose policy arrived without a household (SPEC §4 PoliciesNoHousehold). */
  readonly withHousehold: boolean;
  /** Applied through the exchange: the household and its members get exchange ids. */
  readonly exchange: boolean;
  readonly address: AddressSpec;
  readonly mailing?: AddressSpec | null;
  readonly language: PortalLanguage;
  readonly paperless: boolean;
  readonly taxFormsElectronicConsent: boolean;
  readonly phones: { readonly mobile: string | null; readonly home: string | null };
  readonly preferredContactMethod: 'email' | 'phone' | 'mail';
  /** When the household was first recorded. */
  readonly createdOn: CalendarDate;
}

export interface CardSpec {
  readonly brand: 'Visa' | 'Mastercard' | 'Amex' | 'Discover';
  readonly funding: 'credit' | 'debit' | 'prepaid';
  readonly nickname?: string | null;
}

/** Builds the rows of one household: people, addresses, preferences, wallet, policies, notifications. */
export class HouseholdBuilder implements PolicyHost {
  readonly rows: SeedRows = emptyRows();
  readonly householdId: string | null;
  readonly residentialAddressId: string;
  readonly mailingAddressId: string | null;
  readonly areaFactor: number;
  readonly outcomes: PolicyOutcome[] = [];
  private readonly people: MemberInfo[] = [];
  private readonly householdNotices: DocumentRef[] = [];
  private walletId: string | null = null;
  private readonly instruments: Instrument[] = [];

  constructor(
    readonly ctx: SeedContext,
    readonly rng: Random,
    readonly spec: HouseholdSpec,
  ) {
    this.householdId = spec.withHousehold ? rng.uuid() : null;
    this.areaFactor = spec.address.county.areaFactor;
    const created = instant(spec.createdOn, 15 * 60);
    if (this.householdId) {
      this.rows.households.push({
        id: this.householdId,
        exchangeId: spec.exchange ? householdExchangeId(spec.number) : null,
        createdAt: created,
      });
    }
    this.residentialAddressId = this.addAddress(spec.address, created);
    this.mailingAddressId = spec.mailing ? this.addAddress(spec.mailing, created) : null;
  }

  get number(): number {
    return this.spec.number;
  }

  get householdSize(): number {
    return this.people.length;
  }

  private addAddress(address: AddressSpec, createdAt: Date): string {
    const id = this.rng.uuid();
    this.rows.addresses.push({
      id,
      householdId: this.householdId,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      state: 'MA',
      zipCode: address.zipCode,
      countyName: address.county.name,
      fipsCode: address.county.fipsCode,
      createdAt,
    });
    return id;
  }

  /** Adds a person; the first one is the subscriber (slot 0). */
  addMember(person: PersonSpec): MemberInfo {
    const slot = this.people.length;
    // SPEC §3/§5: only the last four digits of a valid SSN are kept; the rest is never stored.
    let ssn = `${this.rng.int(1, 899)}`.padStart(3, '0') + this.rng.digits(6);
    while (!isValidSsn(ssn)) ssn = `${this.rng.int(1, 899)}`.padStart(3, '0') + this.rng.digits(6);
    const member: MemberInfo = {
      ...person,
      id: this.rng.uuid(),
      slot,
      // A public id (docs/decisions/012): from the household's seeded stream, so the same seed gives the
      // same ids, but never guessable from a neighbour's.
      folderId: seededPublicId('memberFolder', this.rng.fork('member-folder-id', slot)),
      exchangeMemberId: this.spec.exchange ? exchangeMemberId(this.spec.number, slot) : null,
    };
    this.people.push(member);
    this.rows.members.push({
      id: member.id,
      householdId: this.householdId,
      folderId: member.folderId,
      exchangeMemberId: member.exchangeMemberId,
      firstName: person.firstName,
      middleName: person.middleName ?? null,
      lastName: person.lastName,
      dob: person.dob,
      gender: person.gender,
      ssnLast4: ssn.slice(-4),
      tobacco: person.tobacco ?? false,
      email: person.email ?? null,
      createdAt: instant(this.spec.createdOn, 15 * 60),
    });
    return member;
  }

  member(slot: number): MemberInfo {
    const member = this.people[slot];
    if (!member) throw new RangeError(`Household ${this.spec.number} has no member in slot ${slot}`);
    return member;
  }

  get subscriber(): MemberInfo {
    return this.member(0);
  }

  private ensureWallet(): string | null {
    if (!this.householdId) return null;
    if (!this.walletId) {
      this.walletId = this.rng.uuid();
      this.rows.wallets.push({
        id: this.walletId,
        householdId: this.householdId,
        referenceId: seededPublicId('wallet', this.rng.fork('wallet-reference-id')),
        defaultToken: null,
        createdAt: instant(this.spec.createdOn, 16 * 60),
      });
    }
    return this.walletId;
  }

  private holderName(): string {
    return `${this.subscriber.firstName} ${this.subscriber.lastName}`;
  }

  /** Saves a card in the wallet (a processor token, the last four digits, brand and expiry only). */
  addCard(card: CardSpec): Instrument {
    const instrument: Instrument = {
      token: `tok_demo_${householdCode(this.spec.number)}${this.rng.token(18)}`,
      method: 'Card',
      lastDigits: this.rng.digits(4),
      brand: card.brand,
    };
    const walletId = this.ensureWallet();
    if (walletId) {
      const address = this.spec.address;
      this.rows.walletCards.push({
        walletId,
        token: instrument.token,
        cardType: card.brand,
        last4: instrument.lastDigits,
        expirationMonth: this.rng.int(1, 12),
        expirationYear: yearOf(this.ctx.today) + this.rng.int(1, 4),
        cardHolderName: this.holderName(),
        funding: card.funding,
        nickname: card.nickname ?? null,
        email: this.subscriber.email ?? null,
        billingStreet1: address.street1,
        billingStreet2: address.street2,
        billingCity: address.city,
        billingState: 'MA',
        billingZipCode: address.zipCode,
        createdAt: instant(this.spec.createdOn, 16 * 60 + 5),
      });
    }
    this.instruments.push(instrument);
    return instrument;
  }

  /** Saves a bank account in the wallet (token, last three digits and the bank's routing number). */
  addBankAccount(accountType: 'Checking' | 'Savings' = 'Checking'): Instrument {
    const bank = this.rng.pick(BANKS);
    const instrument: Instrument = {
      token: `tok_demo_${householdCode(this.spec.number)}${this.rng.token(18)}`,
      method: 'BankAccount',
      lastDigits: this.rng.digits(3),
      brand: bank.name,
    };
    const walletId = this.ensureWallet();
    if (walletId) {
      const address = this.spec.address;
      const nicknames = {
        en: `${accountType} account`,
        es: accountType === 'Checking' ? 'Cuenta corriente' : 'Cuenta de ahorros',
        pt: accountType === 'Checking' ? 'Conta corrente' : 'Conta poupança',
      };
      this.rows.walletBankAccounts.push({
        walletId,
        token: instrument.token,
        last3: instrument.lastDigits,
        routingNumber: bank.routingNumber,
        bankName: bank.name,
        accountType,
        nickname: nicknames[this.spec.language],
        accountHolderName: this.holderName(),
        accountHolderAddress: `${address.street1}, ${address.city}, MA ${address.zipCode}`,
        email: this.subscriber.email ?? null,
        createdAt: instant(this.spec.createdOn, 16 * 60 + 10),
      });
    }
    this.instruments.push(instrument);
    return instrument;
  }

  /** The wallet's first method of the kind, saved on first use. */
  instrument(method: PaymentMethod): Instrument {
    const existing = this.instruments.find((candidate) => candidate.method === method);
    if (existing) return existing;
    if (method === 'BankAccount') return this.addBankAccount();
    return this.addCard({
      brand: this.rng.weighted([
        ['Visa', 55],
        ['Mastercard', 30],
        ['Amex', 8],
        ['Discover', 7],
      ]),
      funding: this.rng.pick(['credit', 'debit', 'debit']),
    });
  }

  addPolicy(spec: PolicySpec): PolicyOutcome {
    const outcome = buildPolicy(this, spec);
    this.outcomes.push(outcome);
    return outcome;
  }

  /** A notice about the household rather than one policy (e.g. an enrolment reminder). */
  addHouseholdNotice(subtype: string, date: CalendarDate, facts: Record<string, unknown>): void {
    if (!this.householdId || daysBetween(date, this.ctx.today) <= 0) return;
    const id = this.rng.uuid();
    this.rows.documents.push({
      id,
      householdId: this.householdId,
      policyId: null,
      type: 'notice',
      subtype,
      documentDate: date,
      periodStart: null,
      periodEnd: null,
      dueDate: null,
      amountDueCents: null,
      taxYear: null,
      portal: 'visible',
      facts,
      createdAt: instant(date, 11 * 60),
    });
    this.householdNotices.push({ id, subtype, date });
  }

  /** DOMAIN "Changes and requests": an off-exchange change the issuer's staff process, with its history. */
  addServiceRequest(request: {
    readonly sequence: number;
    readonly type: ServiceRequestType;
    /** The member's own words (a general request), or null for a typed change. */
    readonly subject: string | null;
    readonly details?: Record<string, unknown>;
    readonly status: 'Submitted' | 'InReview' | 'Completed' | 'Rejected' | 'Cancelled';
    readonly daysAgo: number;
    readonly policyId?: string | null;
    readonly submittedBy?: string | null;
    /** What staff told the member when they completed or rejected it. */
    readonly resolution?: string | null;
  }): void {
    if (!this.householdId) return;
    const created = addDays(this.ctx.today, -request.daysAgo);
    const closed =
      request.status === 'Completed' || request.status === 'Rejected' || request.status === 'Cancelled';
    const reviewed = addDays(created, Math.min(request.daysAgo - 1, 1));
    const updated = closed
      ? addDays(created, Math.min(request.daysAgo - 1, 4))
      : request.status === 'InReview'
        ? reviewed
        : created;
    const id = this.rng.uuid();
    this.rows.serviceRequests.push({
      id,
      referenceNumber: serviceRequestReference(this.spec.number, request.sequence),
      householdId: this.householdId,
      policyId: request.policyId ?? null,
      type: request.type,
      status: request.status,
      subject: request.subject,
      details: request.details ?? {},
      resolution: request.resolution ?? null,
      submittedBy: request.submittedBy ?? null,
      requestedByRole: 'member',
      createdAt: instant(created, 14 * 60),
      updatedAt: instant(updated, 18 * 60),
    });
    // Its history: submitted; taken into review (unless cancelled first); then its end.
    const event = (
      status: typeof request.status,
      date: CalendarDate,
      minutes: number,
      actorKind: string,
      note: string | null = null,
    ) =>
      this.rows.serviceRequestEvents.push({
        requestId: id,
        status,
        actorKind,
        note,
        createdAt: instant(date, minutes),
      });
    event('Submitted', created, 14 * 60, 'member');
    if (request.status !== 'Submitted' && request.status !== 'Cancelled')
      event('InReview', reviewed, 10 * 60, 'staff');
    if (request.status === 'Cancelled') event('Cancelled', updated, 18 * 60, 'member');
    if (request.status === 'Completed' || request.status === 'Rejected')
      event(request.status, updated, 18 * 60, 'staff', request.resolution ?? null);
  }

  /** Writes what depends on everything else (contact details, preferences, notifications) and returns the rows. */
  finish(): SeedRows {
    if (this.householdId) {
      const email = this.subscriber.email ?? null;
      this.rows.contactInformation.push({
        householdId: this.householdId,
        email,
        homePhone: this.spec.phones.home,
        mobilePhone: this.spec.phones.mobile,
        preferredContactMethod: this.spec.preferredContactMethod,
        updatedAt: instant(this.spec.createdOn, 15 * 60),
      });
      const paperless = this.spec.paperless && email !== null;
      this.rows.preferences.push({
        householdId: this.householdId,
        paperless,
        paperlessEmail: paperless ? email : null,
        // A paperless household confirmed its address when it chose electronic delivery.
        paperlessEmailConfirmedAt: paperless ? instant(this.spec.createdOn, 15 * 60) : null,
        invoiceDelivery: paperless ? 'electronic' : 'paper',
        noticeDelivery: paperless ? 'electronic' : 'paper',
        taxFormsElectronicConsent: paperless && this.spec.taxFormsElectronicConsent,
        language: this.spec.language,
        updatedAt: instant(this.spec.createdOn, 15 * 60),
      });
      const wallet = this.rows.wallets[0];
      if (wallet) wallet.defaultToken = this.instruments[0]?.token ?? null;
      writeNotifications(this, this.outcomes, this.householdNotices);
    }
    return this.rows;
  }
}
