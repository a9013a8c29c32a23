import { addMonths, compareCalendarDates, startOfMonth, type CalendarDate } from '@portal/domain';
import type { AccountConfig, HouseholdAdditionalProducts } from '@portal/contracts';
import { readTogether, type Executor } from '../../db/client';
import { householdMembers } from '../member/service';
import { coveredLines } from '../policy/service';
import { serviceRequestList } from '../service-request/service';

/**
 * Additional products (issue 12; SPEC §1 "apply for additional products (health QHP, dental QDP, vision
 * CVP)", §2 /admin/additional-products, §3 Additional-product card): the tenant's cards as one household
 * sees them — already covered by that line, an application open, or available — and what an in-portal
 * application needs (who may be named, the start dates allowed).
 */

export type ProductCard = AccountConfig['additionalProducts'][number];

const LINE_OF: Record<NonNullable<ProductCard['productType']>, 'Medical' | 'Dental' | 'Vision'> = {
  QHP: 'Medical',
  QDP: 'Dental',
  CVP: 'Vision',
};

/** The line of coverage a card applies for (none for a card that names no product type). */
export const lineOfProduct = (card: ProductCard): 'Medical' | 'Dental' | 'Vision' | null =>
  card.productType ? LINE_OF[card.productType] : null;

/** Coverage bought now starts on the first of a month: next month's at the earliest, up to three months ahead. */
export function startWindow(today: CalendarDate): { earliest: CalendarDate; latest: CalendarDate } {
  const earliest = addMonths(startOfMonth(today), 1);
  return { earliest, latest: addMonths(earliest, 2) };
}

export function startDateProblem(
  date: CalendarDate,
  window: { earliest: CalendarDate; latest: CalendarDate },
): 'not-first-of-month' | 'date-before-earliest' | 'date-after-latest' | null {
  if (!date.endsWith('-01')) return 'not-first-of-month';
  if (compareCalendarDates(date, window.earliest) < 0) return 'date-before-earliest';
  if (compareCalendarDates(date, window.latest) > 0) return 'date-after-latest';
  return null;
}

export async function householdProducts(
  db: Executor,
  householdId: string,
  context: { account: AccountConfig; today: CalendarDate },
): Promise<HouseholdAdditionalProducts> {
  const [covered, people, open] = await readTogether(db, [
    () => coveredLines(db, householdId),
    () => householdMembers(db, householdId),
    () => serviceRequestList(db, householdId, { status: 'open' }),
  ]);
  const window = startWindow(context.today);
  return {
    items: context.account.additionalProducts.map((card) => {
      const line = lineOfProduct(card);
      const request = open.items.find(
        (item) => item.type === 'additional-product' && item.details.product === card.name,
      );
      const status = line !== null && covered.has(line) ? 'covered' : request ? 'requested' : 'available';
      return {
        ...card,
        status,
        referenceNumber: status === 'requested' && request ? request.referenceNumber : null,
      };
    }),
    members: people.map((person) => ({
      memberId: person.memberId,
      firstName: person.firstName,
      lastName: person.lastName,
      relationship: person.relationship,
    })),
    earliestStart: window.earliest,
    latestStart: window.latest,
  };
}
