import { ProblemType } from '@portal/contracts/problem-type';
import { isApiError } from '../../lib/api';
import type { TranslationKey } from '../../i18n/loose';
import { SHARED_PROBLEMS } from '../problems/shared-problems';

/**
 * Staff touched a member's records outside an acting session for them (docs/decisions/043): none was
 * under way, it ended (the idle time, sign-out, another tab), or it is for another member.
 */
export function isActingSessionRequired(error: unknown): boolean {
  return isApiError(error) && error.type === ProblemType.actingSessionRequired;
}

/** The translation key of what went wrong with a call (a problem answer, or no answer at all): the shared table's words. */
export function problemMessageKey(error: unknown): TranslationKey {
  if (!isApiError(error)) return 'problems.network';
  const key = error.type ? SHARED_PROBLEMS[error.type] : undefined;
  if (key) return key;
  if (error.status === 404) return 'problems.notFound';
  if (error.status === 429) return 'problems.rateLimited';
  if (error.status === 503 || error.status === 504) return 'problems.unavailable';
  if (error.status >= 400 && error.status < 500) return 'problems.validation';
  return 'problems.unexpected';
}

/** Failures worth retrying with the same idempotency key: no answer, a busy or unknown outcome. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 409 && error.type === ProblemType.idempotencyInProgress
    ? true
    : error.status === 502 ||
        error.status === 503 ||
        error.status === 504 ||
        error.type === ProblemType.paymentOutcomeUnknown;
}

/** A failure no form can explain (a bug or an outage of ours): the global error page (SPEC §8). */
export function isUnexpected(error: unknown): boolean {
  return isApiError(error) && error.status === 500;
}

/**
 * A part of the portal is briefly unavailable (issue 40): a 503 — the API's `unavailable` problem with
 * Retry-After, or a load balancer's own 503. Worth "try again in a moment", not "something went wrong".
 */
export function isUnavailable(error: unknown): boolean {
  return isApiError(error) && (error.status === 503 || error.type === ProblemType.unavailable);
}
