import { z } from 'zod';
import {
  ADD_DEPENDENT_EVENTS,
  compareCalendarDates,
  coverageStartOptions,
  DEPENDENT_RELATIONSHIPS,
  isCalendarDate,
  isValidExchangeId,
  isWithinWindow,
  lifeEventWindow,
  removalDateWindow,
  REMOVE_DEPENDENT_REASONS,
  SPECIAL_ENROLLMENT_WINDOW_DAYS,
  ssnProblem,
  type CalendarDate,
} from '@portal/domain';
import { BirthDateSchema, TypedDateSchema, UuidSchema } from './common';
import type { FieldError } from './problem';

/**
 * Adding and removing dependents (issue 11 manage-dependents; SPEC §3 Add-dependent form, §5 "Dependents"
 * and "SSN invalid patterns"): the request bodies, the rules that need the tenant's configuration and
 * today's date (shared by the web form and the server, which checks them again), and the details the
 * service request keeps. The full SSN is checked and never kept: the request's details hold its last four.
 */

export const AddDependentEventSchema = z.enum(ADD_DEPENDENT_EVENTS);
export const RemoveDependentReasonSchema = z.enum(REMOVE_DEPENDENT_REASONS);
export const DependentRelationshipSchema = z.enum(DEPENDENT_RELATIONSHIPS);
export const GenderSchema = z.enum(['female', 'male', 'other']);

/** The most rows one request may carry whatever the tenant says (`members.numberOfAddDependents` is the real limit). */
export const DEPENDENTS_HARD_LIMIT = 20;

/** A person's name as typed: letters (any alphabet, with accents), spaces, apostrophes, hyphens and periods. */
const PersonNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^\p{L}[\p{L}\p{M}' .-]*$/u);

/**
 * An optional SSN (`123-45-6789`, `123 45 6789` or nine digits): refused with the SPEC §5 pattern it breaks
 * (`ssn-format`, `ssn-listed`, `ssn-area-000`, `ssn-area-666`, `ssn-area-9xx`, `ssn-group-00`,
 * `ssn-serial-0000`). Empty means none was given.
 */
export const OptionalSsnSchema = z
  .string()
  .trim()
  .max(11)
  .superRefine((value, context) => {
    if (value === '') return;
    const problem = ssnProblem(value);
    if (problem)
      context.addIssue({
        code: 'custom',
        message: `not a valid SSN (${problem})`,
        params: { code: `ssn-${problem}` },
      });
  });

/** One dependent to add (SPEC §3 Add-dependent form: the person; the life event is the request's). */
export const NewDependentSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  dob: BirthDateSchema,
  gender: GenderSchema,
  relationship: DependentRelationshipSchema,
  /** The exchange member ID, when the person has one: letters and digits, exactly `members.exchangeIdLength`. */
  exchangeId: z
    .string()
    .trim()
    .max(30)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
  ssn: OptionalSsnSchema.optional(),
});
export type NewDependent = z.input<typeof NewDependentSchema>;

/**
 * `POST /api/v1/Policy/{policyId}/dependents`: the qualifying life event (DOMAIN "Changes and requests":
 * special enrolment), when it happened, the date coverage should start (one of `coverageStartOptions`),
 * and the people (at most `members.numberOfAddDependents`).
 */
export const AddDependentsRequestSchema = z
  .object({
    lifeEvent: AddDependentEventSchema,
    lifeEventDate: TypedDateSchema,
    coverageStartDate: TypedDateSchema,
    dependents: z.array(NewDependentSchema).min(1).max(DEPENDENTS_HARD_LIMIT),
  })
  .meta({ id: 'AddDependentsRequest' });
export type AddDependentsRequest = z.input<typeof AddDependentsRequestSchema>;

/** `POST /api/v1/Policy/{policyId}/dependents/remove`: who leaves, why and when (`note` is needed for `other`). */
export const RemoveDependentRequestSchema = z
  .object({
    memberId: UuidSchema,
    removalReason: RemoveDependentReasonSchema,
    removalDate: TypedDateSchema,
    note: z.string().trim().max(500).optional(),
  })
  .superRefine((value, context) => {
    if (value.removalReason === 'other' && (value.note ?? '') === '') {
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'say what happened',
        params: { code: 'removal-note-required' },
      });
    }
  })
  .meta({ id: 'RemoveDependentRequest' });
export type RemoveDependentRequest = z.input<typeof RemoveDependentRequestSchema>;

/** The tenant's dependent rules (config `members`) and today, for the rules below. */
export interface DependentRuleContext {
  today: CalendarDate;
  rules: {
    genderOptions: readonly string[];
    exchangeIdLength: number;
    numberOfAddDependents: number;
    deathDateWindowMonths: number;
  };
}

/** A field (relative to the body, `dependents.0.exchangeId`) refused by a rule, with its code. */
type Problem = Omit<FieldError, 'field'> & { path: (string | number)[] };
const problem = (
  path: (string | number)[],
  code: string,
  reason: string,
  params?: Record<string, string | number>,
): Problem => ({ path, code, reason, ...(params ? { params } : {}) });

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The rules of an add-dependent request that need the tenant's configuration and today's date (SPEC §5):
 * how many at once, the exchange ID's length, the gender options, the life event's date window and the
 * coverage start it allows, a newborn's date of birth, and the same person twice in one request.
 * Formats are the schema's; this looks only at values the schema accepted.
 */
export function addDependentsProblems(
  request: z.output<typeof AddDependentsRequestSchema>,
  { today, rules }: DependentRuleContext,
): Problem[] {
  const problems: Problem[] = [];
  if (request.dependents.length > rules.numberOfAddDependents) {
    problems.push(
      problem(
        ['dependents'],
        'too-many-dependents',
        `At most ${rules.numberOfAddDependents} dependents in one request.`,
        { maximum: rules.numberOfAddDependents },
      ),
    );
  }
  const window = lifeEventWindow(request.lifeEvent, today);
  const eventDateOk = isCalendarDate(request.lifeEventDate) && isWithinWindow(request.lifeEventDate, window);
  if (isCalendarDate(request.lifeEventDate) && !eventDateOk) {
    if (compareCalendarDates(request.lifeEventDate, window.earliest) < 0) {
      problems.push(
        problem(
          ['lifeEventDate'],
          'event-date-too-old',
          `A life event is reported within ${SPECIAL_ENROLLMENT_WINDOW_DAYS} days.`,
          { days: SPECIAL_ENROLLMENT_WINDOW_DAYS },
        ),
      );
    } else if (request.lifeEvent === 'loss-of-coverage') {
      problems.push(
        problem(
          ['lifeEventDate'],
          'event-date-too-far',
          `A loss of coverage is reported at most ${SPECIAL_ENROLLMENT_WINDOW_DAYS} days ahead.`,
          { days: SPECIAL_ENROLLMENT_WINDOW_DAYS },
        ),
      );
    } else {
      problems.push(
        problem(['lifeEventDate'], 'event-date-in-future', 'This event is reported once it has happened.'),
      );
    }
  }
  if (
    eventDateOk &&
    isCalendarDate(request.coverageStartDate) &&
    !coverageStartOptions(request.lifeEvent, request.lifeEventDate, today).includes(request.coverageStartDate)
  ) {
    problems.push(
      problem(
        ['coverageStartDate'],
        'start-date-not-allowed',
        'Coverage for this event cannot start on that date.',
      ),
    );
  }
  const seen: { index: number; exchangeId: string; person: string }[] = [];
  request.dependents.forEach((dependent, index) => {
    const exchangeId = (dependent.exchangeId ?? '').trim();
    if (exchangeId !== '' && !isValidExchangeId(exchangeId, rules)) {
      problems.push(
        problem(
          ['dependents', index, 'exchangeId'],
          'exchange-id-length',
          `An exchange ID has ${rules.exchangeIdLength} letters and digits.`,
          { length: rules.exchangeIdLength },
        ),
      );
    }
    if (!rules.genderOptions.includes(dependent.gender)) {
      problems.push(
        problem(['dependents', index, 'gender'], 'gender-not-offered', 'Not one of the options.'),
      );
    }
    if (isCalendarDate(request.lifeEventDate) && isCalendarDate(dependent.dob)) {
      if (request.lifeEvent === 'birth' && dependent.dob !== request.lifeEventDate) {
        problems.push(
          problem(
            ['dependents', index, 'dob'],
            'dob-not-birth-date',
            'A newborn’s date of birth is the date of the birth.',
          ),
        );
      } else if (compareCalendarDates(dependent.dob, request.lifeEventDate) > 0) {
        problems.push(problem(['dependents', index, 'dob'], 'dob-after-event', 'Born after the event.'));
      }
    }
    const person = `${dependent.firstName.trim().toLocaleLowerCase()}|${dependent.lastName.trim().toLocaleLowerCase()}|${dependent.dob}`;
    const twin = seen.find(
      (other) => (exchangeId !== '' && sameText(other.exchangeId, exchangeId)) || other.person === person,
    );
    if (twin) {
      const field = exchangeId !== '' && sameText(twin.exchangeId, exchangeId) ? 'exchangeId' : 'firstName';
      problems.push(
        problem(
          ['dependents', index, field],
          'duplicate-in-request',
          `The same person as dependent ${twin.index + 1}.`,
          { row: twin.index + 1 },
        ),
      );
    }
    seen.push({ index, exchangeId, person });
  });
  return problems;
}

/** The rules of a removal that need the tenant's configuration and today: SPEC §5's death window, 60 days otherwise. */
export function removeDependentProblems(
  request: z.output<typeof RemoveDependentRequestSchema>,
  { today, rules }: DependentRuleContext,
): Problem[] {
  if (!isCalendarDate(request.removalDate)) return [];
  const window = removalDateWindow(request.removalReason, today, rules);
  if (isWithinWindow(request.removalDate, window)) return [];
  if (request.removalReason === 'death') {
    return [
      problem(
        ['removalDate'],
        'death-date-outside-window',
        `A death is reported within ${rules.deathDateWindowMonths} months, and not in the future.`,
        { months: rules.deathDateWindowMonths },
      ),
    ];
  }
  return compareCalendarDates(request.removalDate, window.earliest) < 0
    ? [
        problem(['removalDate'], 'event-date-too-old', `Within ${SPECIAL_ENROLLMENT_WINDOW_DAYS} days.`, {
          days: SPECIAL_ENROLLMENT_WINDOW_DAYS,
        }),
      ]
    : [
        problem(
          ['removalDate'],
          'event-date-too-far',
          `At most ${SPECIAL_ENROLLMENT_WINDOW_DAYS} days ahead.`,
          { days: SPECIAL_ENROLLMENT_WINDOW_DAYS },
        ),
      ];
}

/** The rules above as zod issues, for a form's resolver (the browser says them before anything is sent). */
function asIssues(problems: Problem[], context: z.RefinementCtx): void {
  for (const { path, code, reason, params } of problems)
    context.addIssue({ code: 'custom', path, message: reason, params: { code: code ?? 'other', ...params } });
}

/** The add-dependent form's schema: the request's, plus the tenant's rules and today's (SPEC §5). */
export const addDependentsFormSchema = (context: DependentRuleContext) =>
  AddDependentsRequestSchema.superRefine((value, ctx) => {
    asIssues(addDependentsProblems(value, context), ctx);
  });

/** The remove-dependent form's schema: the request's, plus the date window. */
export const removeDependentFormSchema = (context: DependentRuleContext) =>
  RemoveDependentRequestSchema.superRefine((value, ctx) => {
    asIssues(removeDependentProblems(value, context), ctx);
  });

/** What an add-dependent request keeps of each person (the service request's `details.dependents`): never the full SSN. */
export const AddedDependentDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string(),
  gender: GenderSchema,
  relationship: DependentRelationshipSchema,
  exchangeId: z.string().nullable(),
  ssnLast4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .nullable(),
});

/** `details` of an `add-dependent` service request (staff add the members in review). */
export const AddDependentDetailsSchema = z.object({
  lifeEvent: AddDependentEventSchema,
  lifeEventDate: z.string(),
  coverageStartDate: z.string(),
  dependents: z.array(AddedDependentDetailsSchema).min(1),
});
export type AddDependentDetails = z.infer<typeof AddDependentDetailsSchema>;

/** `details` of a `remove-dependent` service request (the member is the request's `memberIds[0]`). */
export const RemoveDependentDetailsSchema = z.object({
  memberName: z.string(),
  relationship: z.string(),
  removalReason: RemoveDependentReasonSchema,
  removalDate: z.string(),
  /** Issue 11's end-of-month rule (packages/domain `lastDayOfCoverage`). */
  lastDayOfCoverage: z.string(),
  /** The coverage had not started and will not (it is cancelled rather than ended). */
  coverageNeverStarts: z.boolean(),
  note: z.string().nullable(),
});
export type RemoveDependentDetails = z.infer<typeof RemoveDependentDetailsSchema>;
