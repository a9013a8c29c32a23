import { x12Date, type X12Segment, type X12TransactionSet } from './x12';

/**
 * One 834 transaction set (005010X220A1) read into what the portal keeps (docs/INTEGRATION-834.md has
 * the table): the member loops (2000 INS, 2100A NM1/PER/N3/N4/DMG/LUI, 2100G NM1*31 mailing address,
 * 2300 HD + DTP*348/349 + REF*CE, 2700/2750 N1*75 reporting categories with their REF and DTP*007).
 * What does not fit is a {@link TransactionProblem} naming the segment: the set is rejected on its own.
 */

export type Maintenance = '021' | '001' | '024' | '025' | '030';
export const MAINTENANCE_CODES: readonly Maintenance[] = ['021', '001', '024', '025', '030'];

export type Relationship = 'self' | 'spouse' | 'child' | 'domesticPartner' | 'stepchild' | 'ward' | 'other';

/** INS02 individual relationship codes (X12 1069) as the portal's relationships. */
export const RELATIONSHIPS: Record<string, Relationship> = {
  '18': 'self',
  '01': 'spouse',
  '19': 'child',
  '53': 'domesticPartner',
  '17': 'stepchild',
  '15': 'ward',
  '10': 'child', // foster child
  '07': 'child', // grandchild
  '38': 'other', // collateral dependent
  G8: 'other',
};

/** A reporting category amount or value with the day it takes effect (2750: N1*75, REF, DTP*007). */
export interface Reported<T> {
  value: T;
  effectiveDate: string | null;
  segment: number;
}

export interface ReportingCategories {
  aptcCents?: Reported<number>;
  csrCents?: Reported<number>;
  memberPremiumCents?: Reported<number>;
  totalPremiumCents?: Reported<number>;
  totalResponsibleCents?: Reported<number>;
  ratingArea?: Reported<string>;
  sourceExchangeId?: Reported<string>;
  requestSubmitted?: Reported<string>;
}

export interface CoverageLine {
  segment: number;
  maintenance: string;
  line: 'Medical' | 'Dental' | 'Vision';
  planId: string | null;
  planSegment: number | null;
  startDate: string | null;
  endDate: string | null;
}

export interface Address {
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zipCode: string;
  fipsCode: string | null;
}

export interface MemberLoop {
  segment: number;
  subscriber: boolean;
  relationship: Relationship;
  maintenance: Maintenance;
  /** INS04 maintenance reason (28 initial enrolment, 25 change, 59 non-payment, …). */
  reason: string;
  subscriberId: string | null;
  memberId: string | null;
  policyNumber: string | null;
  exchangePolicyId: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  dob: string | null;
  /** The last four digits of NM109 when NM108 is 34 (SSN): the whole number is never kept. */
  ssnLast4: string | null;
  gender: 'female' | 'male' | 'other' | null;
  tobacco: boolean | null;
  language: 'en' | 'es' | 'pt' | null;
  phone: string | null;
  email: string | null;
  residence: Address | null;
  mailing: Address | null;
  coverage: CoverageLine | null;
  reporting: ReportingCategories;
}

export interface TransactionProblem {
  segment: X12Segment;
  reason: string;
  /** IK304 (segment syntax error code; 8 = segment has data element errors) and IK4 for the element. */
  element?: { position: number; code: string };
}

export class TransactionRejected extends Error {
  constructor(readonly problem: TransactionProblem) {
    super(problem.reason);
    this.name = 'TransactionRejected';
  }
}

export interface Enrollment834 {
  controlNumber: string;
  /** BGN02, the sender's reference of this set. */
  reference: string;
  members: MemberLoop[];
  /** The subscriber's loop (INS01 Y). */
  subscriber: MemberLoop;
}

const LANGUAGES: Record<string, 'en' | 'es' | 'pt'> = {
  eng: 'en',
  en: 'en',
  spa: 'es',
  es: 'es',
  por: 'pt',
  pt: 'pt',
};
const LINES: Record<string, CoverageLine['line']> = { HLT: 'Medical', DEN: 'Dental', VIS: 'Vision' };
const GENDERS: Record<string, 'female' | 'male' | 'other'> = { F: 'female', M: 'male', U: 'other' };

const reject = (segment: X12Segment, reason: string, element?: { position: number; code: string }): never => {
  throw new TransactionRejected({ segment, reason, ...(element ? { element } : {}) });
};

/** `123.45` → 12345 cents; null when not a non-negative amount. */
function cents(value: string | undefined): number | null {
  if (!value || !/^[0-9]+(\.[0-9]{1,2})?$/.test(value.trim())) return null;
  const [whole, fraction = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** US phone digits as the portal stores them: `(617) 555-0142`. */
function phoneOf(digits: string): string | null {
  const d = digits.replace(/[^0-9]/g, '').replace(/^1(?=[0-9]{10}$)/, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : null;
}

const el = (segment: X12Segment, n: number): string => (segment.elements[n - 1] ?? '').trim();

function emptyMember(segment: X12Segment): MemberLoop {
  const relationshipCode = el(segment, 2);
  const relationship = RELATIONSHIPS[relationshipCode];
  if (!relationship)
    reject(segment, `INS02 relationship code ${relationshipCode} is not one the portal knows`, {
      position: 2,
      code: '7',
    });
  const maintenance = el(segment, 3);
  if (!MAINTENANCE_CODES.includes(maintenance as Maintenance))
    reject(segment, `INS03 maintenance type ${maintenance} is not 021, 001, 024, 025 or 030`, {
      position: 3,
      code: '7',
    });
  const subscriber = el(segment, 1) === 'Y';
  if (subscriber !== (relationship === 'self'))
    reject(segment, 'INS01 says subscriber but INS02 is not 18 self (or the other way round)', {
      position: 1,
      code: '7',
    });
  return {
    segment: segment.position,
    subscriber,
    relationship: relationship as Relationship,
    maintenance: maintenance as Maintenance,
    reason: el(segment, 4),
    subscriberId: null,
    memberId: null,
    policyNumber: null,
    exchangePolicyId: null,
    firstName: null,
    middleName: null,
    lastName: null,
    dob: null,
    ssnLast4: null,
    gender: null,
    tobacco: null,
    language: null,
    phone: null,
    email: null,
    residence: null,
    mailing: null,
    coverage: null,
    reporting: {},
  };
}

const CATEGORY_KEYS: Record<string, keyof ReportingCategories> = {
  'APTC AMT': 'aptcCents',
  'CSR AMT': 'csrCents',
  'PRE AMT 1': 'memberPremiumCents',
  'PRE AMT TOT': 'totalPremiumCents',
  'TOT RES AMT': 'totalResponsibleCents',
  'RATING AREA': 'ratingArea',
  'SOURCE EXCHANGE ID': 'sourceExchangeId',
  'REQUEST SUBMIT TIMESTAMP': 'requestSubmitted',
};
const AMOUNT_CATEGORIES = new Set<keyof ReportingCategories>([
  'aptcCents',
  'csrCents',
  'memberPremiumCents',
  'totalPremiumCents',
  'totalResponsibleCents',
]);

/** Reads one transaction set, or throws {@link TransactionRejected}. */
export function read834(set: X12TransactionSet): Enrollment834 {
  if (set.code !== '834') reject(set.start, `ST01 ${set.code} is not an 834`, { position: 1, code: '7' });
  const members: MemberLoop[] = [];
  let member: MemberLoop | null = null;
  let addressOf: 'residence' | 'mailing' | null = null;
  let pendingStreet: { street1: string; street2: string | null } | null = null;
  let category: { key: keyof ReportingCategories; segment: X12Segment } | null = null;
  let reference = '';
  const inMember = (segment: X12Segment): MemberLoop =>
    member ?? reject(segment, `${segment.tag} before the first INS member loop`);

  for (const segment of set.segments) {
    switch (segment.tag) {
      case 'BGN':
        reference = el(segment, 2);
        break;
      case 'INS':
        member = emptyMember(segment);
        members.push(member);
        addressOf = null;
        category = null;
        break;
      case 'REF': {
        if (!member) break; // 1000-level REF*38 (master policy): nothing the portal keeps
        const value = el(segment, 2);
        if (category) {
          const current = member.reporting;
          if (AMOUNT_CATEGORIES.has(category.key)) {
            const amount = cents(value);
            if (amount === null)
              reject(
                segment,
                `${category.key === 'aptcCents' ? 'APTC AMT' : 'the amount'} ${value} is not an amount`,
                { position: 2, code: '6' },
              );
            (current as Record<string, Reported<unknown>>)[category.key] = {
              value: amount,
              effectiveDate: null,
              segment: segment.position,
            };
          } else {
            (current as Record<string, Reported<unknown>>)[category.key] = {
              value,
              effectiveDate: null,
              segment: segment.position,
            };
          }
          break;
        }
        const qualifier = el(segment, 1);
        if (qualifier === '0F') member.subscriberId = value;
        else if (qualifier === '17') member.memberId = value;
        else if (qualifier === '1L') member.policyNumber = value;
        else if (qualifier === '3H') member.exchangePolicyId = value;
        else if (qualifier === 'CE' && member.coverage) {
          member.coverage.planId = value;
          member.coverage.planSegment = segment.position;
        }
        break;
      }
      case 'NM1': {
        const m = inMember(segment);
        const entity = el(segment, 1);
        if (entity === 'IL' || entity === '74') {
          m.lastName = el(segment, 3) || null;
          m.firstName = el(segment, 4) || null;
          m.middleName = el(segment, 5) || null;
          const ssn = el(segment, 8) === '34' ? el(segment, 9).replace(/[^0-9]/g, '') : '';
          if (ssn.length === 9) m.ssnLast4 = ssn.slice(-4);
          addressOf = 'residence';
        } else if (entity === '31') addressOf = 'mailing';
        else addressOf = null;
        break;
      }
      case 'PER': {
        const m = inMember(segment);
        for (let n = 3; n + 1 <= segment.elements.length + 1; n += 2) {
          const qualifier = el(segment, n);
          const value = el(segment, n + 1);
          if (qualifier === 'TE' || qualifier === 'HP' || qualifier === 'CP' || qualifier === 'WP')
            m.phone ??= phoneOf(value);
          else if (qualifier === 'EM' && value) m.email ??= value.toLowerCase();
        }
        break;
      }
      case 'N3':
        inMember(segment);
        pendingStreet = { street1: el(segment, 1), street2: el(segment, 2) || null };
        break;
      case 'N4': {
        const m = inMember(segment);
        if (!addressOf || !pendingStreet) break;
        const state = el(segment, 2);
        const zip = el(segment, 3).slice(0, 5);
        if (!/^[A-Z]{2}$/.test(state))
          reject(segment, `N402 state ${state} is not a state code`, { position: 2, code: '7' });
        if (!/^[0-9]{5}$/.test(zip))
          reject(segment, `N403 ${el(segment, 3)} is not a ZIP code`, { position: 3, code: '6' });
        const county = el(segment, 5) === 'CY' && /^[0-9]{5}$/.test(el(segment, 6)) ? el(segment, 6) : null;
        m[addressOf] = { ...pendingStreet, city: el(segment, 1), state, zipCode: zip, fipsCode: county };
        pendingStreet = null;
        break;
      }
      case 'DMG': {
        const m = inMember(segment);
        const dob = x12Date(el(segment, 2));
        if (!dob)
          reject(segment, `DMG02 ${el(segment, 2)} is not a date of birth`, { position: 2, code: '8' });
        m.dob = dob;
        m.gender = GENDERS[el(segment, 3)] ?? 'other';
        break;
      }
      case 'LUI': {
        const m = inMember(segment);
        const language = LANGUAGES[(el(segment, 2) || el(segment, 3)).toLowerCase()];
        if (language && (el(segment, 4) === '7' || el(segment, 4) === '' || el(segment, 4) === '5'))
          m.language ??= language;
        break;
      }
      case 'HLH': {
        const m = inMember(segment);
        m.tobacco = el(segment, 1) === 'T';
        break;
      }
      case 'HD': {
        const m = inMember(segment);
        const line = LINES[el(segment, 3)];
        if (!line)
          reject(segment, `HD03 insurance line ${el(segment, 3)} is not HLT, DEN or VIS`, {
            position: 3,
            code: '7',
          });
        m.coverage = {
          segment: segment.position,
          maintenance: el(segment, 1),
          line: line as CoverageLine['line'],
          planId: null,
          planSegment: null,
          startDate: null,
          endDate: null,
        };
        category = null;
        break;
      }
      case 'DTP': {
        const m = inMember(segment);
        const qualifier = el(segment, 1);
        if (el(segment, 2) !== 'D8' && el(segment, 2) !== 'DT')
          reject(segment, `DTP02 ${el(segment, 2)} is not D8`, { position: 2, code: '7' });
        const date = x12Date(el(segment, 3).slice(0, 8));
        if (!date)
          reject(segment, `DTP03 ${el(segment, 3)} is not a calendar date`, { position: 3, code: '8' });
        if (category && qualifier === '007') {
          const reported = (m.reporting as Record<string, Reported<unknown> | undefined>)[category.key];
          if (reported) reported.effectiveDate = date;
        } else if (m.coverage && qualifier === '348') m.coverage.startDate = date;
        else if (m.coverage && qualifier === '349') m.coverage.endDate = date;
        break;
      }
      case 'LX':
        category = null;
        break;
      case 'N1': {
        if (!member) break; // 1000A sponsor, 1000B payer, 1000C broker
        if (el(segment, 1) !== '75') {
          category = null;
          break;
        }
        const key = CATEGORY_KEYS[el(segment, 2).toUpperCase()];
        category = key ? { key, segment } : null;
        break;
      }
      default:
        break;
    }
  }

  if (members.length === 0)
    reject(set.start, 'the transaction set has no INS member loop: missing subscriber');
  const subscribers = members.filter((m) => m.subscriber);
  if (subscribers.length !== 1)
    reject(
      set.start,
      subscribers.length === 0
        ? 'missing subscriber: no INS loop with INS01 Y'
        : 'more than one subscriber in one transaction set',
    );
  const subscriber = subscribers[0] as MemberLoop;
  if (!subscriber.subscriberId)
    reject(
      segmentAt(set, subscriber.segment),
      'missing subscriber: the subscriber loop has no REF*0F subscriber id',
    );
  const seen = new Set<string>();
  for (const m of members) {
    const at = segmentAt(set, m.segment);
    if (m.subscriberId && m.subscriberId !== subscriber.subscriberId)
      reject(
        at,
        `REF*0F ${m.subscriberId} names another subscriber than the set's ${subscriber.subscriberId ?? ''}`,
      );
    m.subscriberId = subscriber.subscriberId;
    m.memberId ??= m.subscriber ? subscriber.subscriberId : null;
    if (!m.memberId) reject(at, 'a dependent loop has no REF*17 member id');
    if (seen.has(m.memberId ?? ''))
      reject(at, `member id ${m.memberId ?? ''} appears twice in the transaction set`);
    seen.add(m.memberId ?? '');
    if (m.maintenance === '021' || m.maintenance === '025') {
      if (!m.coverage) reject(at, 'an addition has no HD coverage loop');
      const coverage = m.coverage as CoverageLine;
      if (!coverage.startDate)
        reject(segmentAt(set, coverage.segment), 'the coverage has no DTP*348 start date');
      if (m.maintenance === '021' && (!m.firstName || !m.lastName || !m.dob))
        reject(at, 'an addition needs the member name (NM1*IL) and date of birth (DMG)');
    }
    const coverage = m.coverage;
    if (
      coverage?.startDate &&
      coverage.endDate &&
      coverage.endDate < coverage.startDate &&
      m.maintenance !== '024'
    ) {
      reject(
        segmentAt(set, coverage.segment),
        `impossible dates: coverage ends ${coverage.endDate} before it starts ${coverage.startDate}`,
      );
    }
    if (m.dob && coverage?.startDate && m.dob > coverage.startDate)
      reject(at, `impossible dates: born ${m.dob}, after the coverage starts ${coverage.startDate}`);
  }
  if (!subscriber.coverage && members.every((m) => !m.coverage))
    reject(
      segmentAt(set, subscriber.segment),
      'no HD coverage loop: nothing says which coverage this is about',
    );
  return { controlNumber: set.controlNumber, reference, members, subscriber };
}

function segmentAt(set: X12TransactionSet, position: number): X12Segment {
  return set.segments.find((segment) => segment.position === position) ?? set.start;
}

/** The day a set takes effect: the subscriber's (else any member's) coverage end for a 024, start otherwise. */
export function effectiveDateOf(enrollment: Enrollment834): string | null {
  const order = [enrollment.subscriber, ...enrollment.members];
  for (const m of order) {
    if (!m.coverage) continue;
    if (m.maintenance === '024') return m.coverage.endDate ?? m.coverage.startDate;
    const reported = m.reporting.aptcCents?.effectiveDate ?? m.reporting.totalPremiumCents?.effectiveDate;
    if (m.maintenance === '001' && reported) return reported;
    if (m.coverage.startDate) return m.coverage.startDate;
  }
  return null;
}
