import { addMonths, endOfMonth, type CalendarDate } from '@portal/domain';
import type { HouseholdBuilder, HouseholdSpec } from './household';
import type { PersonSpec } from './model';
import { EMPLOYERS } from './reference/parties';
import type { Shared } from './shared';

/**
 * The shape of a named demo household's story (README "Demo accounts"): who lives where, and the
 * coverage that shows one situation of SPEC §4 and DOMAIN, with dates relative to today.
 */

export type DemoHouseholdKey =
  'maria' | 'joao' | 'linda' | 'kevin' | 'aisha' | 'tomas' | 'grace' | 'ana' | 'robert';

export interface Story {
  readonly key: DemoHouseholdKey;
  readonly city: string;
  readonly zipCode: string;
  readonly street1: string;
  readonly street2: string | null;
  readonly language: HouseholdSpec['language'];
  readonly exchange: boolean;
  readonly withHousehold?: boolean;
  /** Birth dates are fixed (people do not get younger): the README's guest facts stay true. */
  readonly people: () => PersonSpec[];
  readonly coverage: (household: HouseholdBuilder, shared: Shared, dates: StoryDates) => void;
}

export interface StoryDates {
  readonly today: CalendarDate;
  readonly year: number;
  readonly thisMonth: CalendarDate;
  /** Open enrolment for next year has started: renewals for next year exist. */
  readonly openEnrollment: boolean;
}

export const person = (
  firstName: string,
  lastName: string,
  dob: CalendarDate,
  gender: PersonSpec['gender'],
  relationship: PersonSpec['relationship'],
  email: string | null = null,
): PersonSpec => ({
  firstName,
  lastName,
  dob,
  gender,
  relationship,
  email,
});

export const groupNamed = (shared: Shared, name: string): NonNullable<Shared['groups'][number]> => {
  const group = shared.groups[EMPLOYERS.findIndex((employer) => employer.name === name)];
  if (!group) throw new RangeError(`No demo employer named ${name}`);
  return group;
};

/** The last day of the month before `month`. */
export function monthBefore(month: CalendarDate): CalendarDate {
  return endOfMonth(addMonths(month, -1));
}
