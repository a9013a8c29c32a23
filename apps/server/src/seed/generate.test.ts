import {
  addDays,
  addMonths,
  hraDiscount,
  isValidExchangeId,
  memberResponsibility,
  SAMPLE_DEPENDENT_RULES,
  type CalendarDate,
  type HraDiscount,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { monthsBetween } from './billing';
import { generateDataset } from './dataset';
import { generateHouseholds } from './generate';
import { NOTIFICATION_LINK_TEXT_KEYS, NOTIFICATION_TEMPLATES } from '@portal/contracts';
import { COUNTIES, PLACES } from './reference/places';
import { SEED_TABLE_ORDER, type SeedRows } from './rows';
import { buildShared } from './shared';

const fakeHash = (): string => 'scrypt$16384$8$1$c2FsdA==$aGFzaA==';
const dataset = (households: number, today: CalendarDate, seed: string | number = 'test'): SeedRows =>
  generateDataset({ households, seed, today, hashPassword: fakeHash }).rows;

describe('determinism', () => {
  it('gives identical rows for the same seed and day, different rows otherwise', () => {
    const first = dataset(40, '2026-11-22');
    expect(dataset(40, '2026-11-22')).toEqual(first);
    expect(dataset(40, '2026-11-22', 'other')).not.toEqual(first);
    expect(dataset(40, '2026-11-23')).not.toEqual(first);
  });

  it('makes each household the same whatever batch it is made in', () => {
    const shared = buildShared({ households: 30, seed: 'batches', today: '2026-11-22' });
    const whole = generateHouseholds(shared, 0, 30);
    const first = generateHouseholds(shared, 0, 12);
    const rest = generateHouseholds(shared, 12, 18);
    for (const table of SEED_TABLE_ORDER) expect([...first[table], ...rest[table]]).toEqual(whole[table]);
  });

  it('refuses an impossible day or household count', () => {
    expect(() => dataset(1, '2026-02-30')).toThrow(RangeError);
    expect(() => dataset(-1, '2026-11-22')).toThrow(RangeError);
  });
});

/** The member's monthly responsibility for `month`, recomputed from the stored span and HRA. */
function owedFor(rows: SeedRows, policyId: string, month: CalendarDate): number | null {
  const policy = rows.policies.find((candidate) => candidate.id === policyId)!;
  const span = rows.coverageSpans.find(
    (candidate) =>
      candidate.policyId === policyId &&
      !candidate.cancelled &&
      candidate.startDate <= month &&
      (candidate.endDate ?? '9999') >= month,
  );
  if (!span) return null;
  const hra: HraDiscount | null =
    policy.hraKind === 'percentage'
      ? {
          kind: 'percentage',
          percent: policy.hraPercent!,
          startDate: policy.hraStartDate!,
          endDate: policy.hraEndDate ?? null,
        }
      : policy.hraKind === 'flat'
        ? {
            kind: 'flat',
            amount: policy.hraAmountCents!,
            startDate: policy.hraStartDate!,
            endDate: policy.hraEndDate ?? null,
          }
        : null;
  return memberResponsibility({
    premiumAmount: span.premiumAmountCents,
    taxCreditAmount: span.taxCreditAmountCents ?? 0,
    otherSubsidyAmount: span.otherSubsidyAmountCents ?? 0,
    hraAmount: hraDiscount(span.premiumAmountCents, hra, month),
  });
}

describe.each(['2026-11-22', '2027-01-05', '2027-06-30'])('a data set made on %s', (today) => {
  const rows = dataset(250, today, `consistency-${today}`);

  it('writes every row of a table with the same columns (one column list per batch)', () => {
    for (const table of SEED_TABLE_ORDER) {
      const shapes = new Set(rows[table].map((row) => Object.keys(row).sort().join(',')));
      expect(shapes.size, table).toBeLessThanOrEqual(1);
    }
  });

  it('keeps identifiers unique and in their formats', () => {
    const unique = (values: unknown[]): void => {
      expect(new Set(values).size).toBe(values.length);
    };
    unique(rows.members.map((member) => member.folderId));
    unique(rows.members.map((member) => member.exchangeMemberId).filter(Boolean));
    unique(rows.policies.map((policy) => policy.policyNumber));
    unique(rows.payments.map((payment) => payment.transactionId));
    unique([
      ...rows.walletCards.map((card) => card.token),
      ...rows.walletBankAccounts.map((bank) => bank.token),
    ]);
    for (const policy of rows.policies.filter((candidate) => !candidate.offExchange)) {
      expect(isValidExchangeId(policy.exchangeSubscriberId!, SAMPLE_DEPENDENT_RULES)).toBe(true);
    }
    for (const broker of rows.brokers) expect(broker.npn).toMatch(/^[0-9]{1,10}$/);
    for (const member of rows.members) expect(member.ssnLast4).toMatch(/^[0-9]{4}$/);
    for (const card of rows.walletCards) {
      expect(card.token).toMatch(/^tok_demo_[a-z2-9]+$/);
      expect(card.last4).toMatch(/^[0-9]{4}$/);
    }
    for (const bank of rows.walletBankAccounts) expect(bank.last3).toMatch(/^[0-9]{3}$/);
  });

  it('gives member folder ids and wallet reference ids no neighbour can derive (issue 14, finding 10)', () => {
    const ids = [
      ...rows.members.map((member) => member.folderId),
      ...rows.wallets.map((wallet) => wallet.referenceId),
    ];
    for (const id of ids) expect(id).toMatch(/^[FW][0-9A-HJKMNP-TV-Z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Neighbouring households share no run of characters beyond chance (a counter would share nearly all).
    const wallets = rows.wallets.map((wallet) => wallet.referenceId);
    for (let i = 1; i < wallets.length; i += 1) {
      const [a = '', b = ''] = [wallets[i - 1], wallets[i]];
      let same = 0;
      for (let c = 1; c < a.length; c += 1) if (a[c] === b[c]) same += 1;
      expect(same, `${a} ${b}`).toBeLessThan(8);
    }
    // The same seed still gives the same ids; another seed other ones.
    const folders = (seed: string) =>
      dataset(20, '2026-11-22', seed).members.map((member) => member.folderId);
    expect(folders('a seed')).toEqual(folders('a seed'));
    const other = new Set(folders('another seed'));
    expect(folders('a seed').filter((id) => other.has(id))).toEqual([]);
  });

  it('uses real Massachusetts city, ZIP, county and FIPS combinations', () => {
    for (const address of rows.addresses) {
      const place = PLACES.find(
        (candidate) => candidate.city === address.city && candidate.zipCodes.includes(address.zipCode),
      );
      expect(place, `${address.city} ${address.zipCode}`).toBeDefined();
      expect(address.countyName).toBe(place!.county);
      expect(address.fipsCode).toBe(COUNTIES[place!.county].fipsCode);
    }
  });

  it('has payment histories that add up to the paid-through dates (DOMAIN "Money")', () => {
    for (const finance of rows.finances) {
      const paid = rows.payments
        .filter(
          (payment) => payment.policyId === finance.policyId && payment.transactionStatus === 'Succeeded',
        )
        .reduce((sum, payment) => sum + payment.amountCents, 0);
      let allocated = 0;
      if (finance.paidThroughDate) {
        const first = rows.coverageSpans
          .filter((span) => span.policyId === finance.policyId && !span.cancelled)
          .map((span) => span.startDate)
          .sort()[0]!;
        for (const month of monthsBetween(first, finance.paidThroughDate))
          allocated += owedFor(rows, finance.policyId, month) ?? 0;
      }
      expect(paid, `policy ${finance.policyId}`).toBe(allocated + (finance.unallocatedAmountCents ?? 0));
    }
  });

  it('covers nobody before they were born, and children only up to 26', () => {
    const members = new Map(rows.members.map((member) => [member.id, member]));
    for (const span of rows.memberSpans) {
      const member = members.get(span.memberId)!;
      expect(span.startDate >= member.dob, `${member.firstName} ${member.dob} ${span.startDate}`).toBe(true);
      if (span.relationship === 'child') expect(span.ratingAge).toBeLessThan(26);
    }
  });

  it('keeps subsidies within the premium, spans in order, and plans in the catalogue', () => {
    const planIds = new Set(rows.plans.map((plan) => plan.id));
    for (const span of rows.coverageSpans) {
      expect((span.taxCreditAmountCents ?? 0) + (span.otherSubsidyAmountCents ?? 0)).toBeLessThanOrEqual(
        span.premiumAmountCents,
      );
      expect(planIds.has(span.planId)).toBe(true);
      if (!span.cancelled) expect(span.endDate! >= span.startDate).toBe(true);
    }
    for (const policy of rows.policies) {
      const live = rows.coverageSpans
        .filter((span) => span.policyId === policy.id && !span.cancelled)
        .sort((a, b) => a.startDate.localeCompare(b.startDate));
      for (let index = 1; index < live.length; index++)
        expect(live[index]!.startDate > live[index - 1]!.endDate!).toBe(true);
    }
  });

  it('puts members in the APTC grace period for at most three months, and only with APTC', () => {
    for (const finance of rows.finances.filter((candidate) => candidate.status === 'GracePeriod')) {
      const spans = rows.coverageSpans.filter((span) => span.policyId === finance.policyId);
      expect(spans.some((span) => (span.taxCreditAmountCents ?? 0) > 0)).toBe(true);
      expect(finance.gracePeriodStartDate! <= today && today <= finance.gracePeriodEndDate!).toBe(true);
      expect(finance.pastAmountDueCents).toBeGreaterThan(0);
      expect(addMonths(finance.gracePeriodStartDate!, 3) > finance.gracePeriodEndDate!).toBe(true);
    }
  });

  it('dates every past event before today and every pending scheduled payment after it', () => {
    for (const payment of rows.payments) expect(payment.transactionDate < today).toBe(true);
    for (const table of ['households', 'members', 'policies', 'payments', 'documents', 'wallets'] as const) {
      for (const row of rows[table])
        expect(row.createdAt!.toISOString().slice(0, 10) < today, table).toBe(true);
    }
    for (const document of rows.documents) expect(document.documentDate < today).toBe(true);
    for (const notification of rows.notifications) {
      // Every message is one the web translates, with only the values its template declares.
      const declared: readonly string[] | undefined =
        NOTIFICATION_TEMPLATES[notification.templateName as keyof typeof NOTIFICATION_TEMPLATES];
      expect(declared, notification.templateName).toBeDefined();
      for (const key of Object.keys(notification.additionalValues ?? {}))
        expect(declared, `${notification.templateName} ${key}`).toContain(key);
      if (notification.linkTextKey) expect(NOTIFICATION_LINK_TEXT_KEYS).toContain(notification.linkTextKey);
      expect(notification.createdAt!.toISOString().slice(0, 10) < today).toBe(true);
      if (notification.readAt) expect(notification.readAt >= notification.createdAt!).toBe(true);
    }
    const pending = rows.scheduledPayments.filter((payment) => payment.status === 'Scheduled');
    for (const payment of pending) expect(payment.paymentDate > today).toBe(true);
    const perPolicy = new Map<string, number>();
    for (const payment of pending)
      perPolicy.set(payment.policyId, (perPolicy.get(payment.policyId) ?? 0) + 1);
    expect(Math.max(0, ...perPolicy.values())).toBeLessThanOrEqual(3);
  });
});

describe('the mix of a generated data set', () => {
  const rows = dataset(300, '2026-11-22', 'mix');
  const has = (condition: boolean, what: string): void => {
    expect(condition, what).toBe(true);
  };

  it('covers every situation the issue asks for', () => {
    const spans = rows.coverageSpans;
    has(
      rows.policies.some((policy) => policy.marketCoverage === 1 && !policy.offExchange),
      'individual on-exchange',
    );
    has(
      rows.policies.some((policy) => policy.marketCoverage === 1 && policy.offExchange),
      'individual off-exchange',
    );
    has(
      rows.policies.some((policy) => policy.marketCoverage === 2 && policy.groupId),
      'group market',
    );
    has(
      spans.some((span) => (span.taxCreditAmountCents ?? 0) > 0),
      'APTC',
    );
    for (const variant of ['-04', '-05', '-06'])
      has(
        spans.some((span) => span.planId.endsWith(variant)),
        `CSR ${variant}`,
      );
    has(
      rows.policies.some((policy) => policy.lineOfCoverage === 'Dental'),
      'dental',
    );
    has(
      rows.policies.some((policy) => policy.lineOfCoverage === 'Vision'),
      'vision',
    );
    has(
      spans.some((span) => span.startDate > '2026-11-22' && !span.cancelled),
      'future spans',
    );
    has(
      spans.some((span) => span.cancelled),
      'cancelled spans',
    );
    has(
      rows.policies.some((policy) => policy.enrollmentStatus === 'Terminated'),
      'terminated policies',
    );
    const followsOn = (span: (typeof spans)[number]): boolean =>
      !span.cancelled &&
      spans.some(
        (other) =>
          other.policyId === span.policyId &&
          !other.cancelled &&
          other.endDate &&
          addDays(other.endDate, 1) === span.startDate,
      );
    has(
      spans.some((span) => followsOn(span) && !span.startDate.endsWith('-01-01')),
      'contiguous mid-year spans (a change) that merge',
    );
    has(
      spans.some((span) => followsOn(span) && span.startDate.endsWith('-01-01')),
      'contiguous renewal spans that merge',
    );
    has(
      rows.finances.some((finance) => finance.status === 'GracePeriod'),
      'grace period',
    );
    has(
      rows.finances.some((finance) => finance.status === 'PastDue' || finance.status === 'Delinquent'),
      'past due without APTC',
    );
    has(
      rows.finances.some((finance) => finance.status === 'Binder'),
      'binder due',
    );
    has(
      rows.reinstatementEligibility.some((row) => row.reinstatementStatus === 'Eligible'),
      'reinstatement eligible',
    );
    has(
      rows.policies.some((policy) => policy.hraKind === 'percentage') &&
        rows.policies.some((policy) => policy.hraKind === 'flat'),
      'HRA',
    );
    for (const subtype of [
      'monthly',
      'welcome',
      'renewal',
      'grace-period',
      'termination',
      '1095-A',
      '1095-B',
      'MA-1099-HC',
    ]) {
      has(
        rows.documents.some((document) => document.subtype === subtype),
        `document ${subtype}`,
      );
    }
    has(
      rows.autopaySubscriptions.length > 0 &&
        rows.scheduledPayments.some((payment) => payment.status === 'Scheduled'),
      'autopay and scheduled payments',
    );
    has(
      rows.payments.some((payment) => payment.transactionStatus === 'Failed'),
      'failed payments',
    );
    has(
      rows.notifications.some((n) => n.readAt) && rows.notifications.some((n) => !n.readAt),
      'read and unread notifications',
    );
    has(rows.walletCards.length > 0 && rows.walletBankAccounts.length > 0, 'cards and bank accounts');
    has(
      new Set(rows.preferences.map((preference) => preference.language)).size === 3,
      'languages en, es and pt',
    );
    has(rows.serviceRequests.length > 0, 'service requests');
  });

  it('prices a typical 40-year-old on silver at a few hundred dollars, mostly paid by APTC', () => {
    const onAptc = rows.coverageSpans.filter((span) => (span.taxCreditAmountCents ?? 0) > 0);
    const share =
      onAptc.reduce((sum, span) => sum + span.taxCreditAmountCents! / span.premiumAmountCents, 0) /
      onAptc.length;
    expect(share).toBeGreaterThan(0.5);
  });
});
