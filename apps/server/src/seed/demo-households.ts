import type { CalendarDate } from '@portal/domain';
import { monthStart } from './billing';
import { compareDates, itemAt, yearOf } from './context';
import type { DemoHouseholdKey, Story, StoryDates } from './demo-story';
import { ACTIVE_STORIES } from './demo-stories-active';
import { EDGE_STORIES } from './demo-stories-edge';
import { HouseholdBuilder } from './household';
import { DEMO_HOUSEHOLD_BASE, exchangeMemberId, idClock, policyNumber } from './ids';
import type { PolicyOutcome } from './model';
import { Random } from './random';
import { COUNTIES, placeNamed } from './reference/places';
import { appendRows, emptyRows, type SeedRows } from './rows';
import type { Shared } from './shared';

export type { DemoHouseholdKey } from './demo-story';

/**
 * The named demo households (README "Demo accounts"): each one is built to show one situation of
 * SPEC §4 and DOMAIN, with dates relative to today so the demo never goes stale.
 */

export interface DemoHousehold {
  readonly key: DemoHouseholdKey;
  readonly number: number;
  readonly subscriberId: string;
  readonly householdId: string | null;
  readonly zipCode: string;
  readonly dob: CalendarDate;
  readonly policies: readonly PolicyOutcome[];
  readonly exchangeSubscriberId: string | null;
}

const STORIES: readonly Story[] = [...ACTIVE_STORIES, ...EDGE_STORIES];

/** The household number of a named household (the source of its ids, see ids.ts). */
export function demoHouseholdNumber(key: DemoHouseholdKey): number {
  const index = STORIES.findIndex((story) => story.key === key);
  if (index < 0) throw new RangeError(`No demo household ${key}`);
  return DEMO_HOUSEHOLD_BASE + index + 1;
}

/** What a guest types on the locate-account page for a named household (README "Demo accounts"). */
export function demoGuestFacts(key: DemoHouseholdKey): {
  exchangeSubscriberId: string | null;
  policyNumber: string;
  dob: CalendarDate;
  zipCode: string;
} {
  const story = STORIES.find((candidate) => candidate.key === key);
  const subscriber = story?.people()[0];
  if (!story || !subscriber) throw new RangeError(`No demo household ${key}`);
  const number = demoHouseholdNumber(key);
  return {
    exchangeSubscriberId: story.exchange ? exchangeMemberId(number, 0) : null,
    policyNumber: policyNumber(number, 1),
    dob: subscriber.dob,
    zipCode: story.zipCode,
  };
}

/** Builds the named households; the newest two notifications of each stay unread, the rest are read. */
export function buildDemoHouseholds(shared: Shared): {
  rows: SeedRows;
  households: Record<DemoHouseholdKey, DemoHousehold>;
} {
  const { ctx } = shared;
  const year = yearOf(ctx.today);
  const dates: StoryDates = {
    today: ctx.today,
    year,
    thisMonth: monthStart(ctx.today),
    openEnrollment: compareDates(ctx.today, `${year}-11-01`) >= 0,
  };
  const rows = emptyRows();
  const households = {} as Record<DemoHouseholdKey, DemoHousehold>;
  STORIES.forEach((story, index) => {
    const number = DEMO_HOUSEHOLD_BASE + index + 1;
    const rng = Random.from(ctx.seed, 'demo', story.key).orderIdsAt(idClock(number));
    const place = placeNamed(story.city);
    const household = new HouseholdBuilder(ctx, rng, {
      number,
      withHousehold: story.withHousehold ?? true,
      exchange: story.exchange,
      address: {
        street1: story.street1,
        street2: story.street2,
        city: story.city,
        zipCode: story.zipCode,
        county: COUNTIES[place.county],
      },
      mailing: null,
      language: story.language,
      paperless: true,
      taxFormsElectronicConsent: story.key === 'maria',
      phones: {
        mobile: `(${itemAt(place.areaCodes, 0)}) 555-01${String(10 + index * 7).padStart(2, '0')}`,
        home: null,
      },
      preferredContactMethod: 'email',
      createdOn: `${year - 2}-11-15`,
    });
    for (const member of story.people()) household.addMember(member);
    story.coverage(household, shared, dates);
    const built = household.finish();
    const newestFirst = [...built.notifications].sort(
      (a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0),
    );
    newestFirst.forEach((notification, position) => {
      const created = notification.createdAt ?? new Date(0);
      notification.readAt = position < 2 ? null : new Date(created.getTime() + 3 * 60 * 60 * 1000);
    });
    appendRows(rows, built);
    const subscriber = household.subscriber;
    households[story.key] = {
      key: story.key,
      number,
      subscriberId: subscriber.id,
      householdId: household.householdId,
      zipCode: story.zipCode,
      dob: subscriber.dob,
      policies: household.outcomes,
      exchangeSubscriberId: story.exchange ? subscriber.exchangeMemberId : null,
    };
  });
  return { rows, households };
}
