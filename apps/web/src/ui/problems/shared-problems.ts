import { ProblemType } from '@portal/contracts/problem-type';
import type { TranslationKey } from '../../i18n/loose';

/**
 * The shared table: a problem's stable `type` → the sentence every page says for it when the page has
 * no words of its own (a form shows it in an alert above the fields; only a truly unexpected failure,
 * a 500, leaves the page for /error/500).
 */
export const SHARED_PROBLEMS: Partial<Record<string, TranslationKey>> = {
  [ProblemType.validation]: 'problems.validation',
  [ProblemType.unprocessable]: 'problems.unprocessable',
  [ProblemType.forbidden]: 'problems.forbidden',
  [ProblemType.actionNotAllowed]: 'problems.actionNotAllowed',
  [ProblemType.notFound]: 'problems.notFound',
  [ProblemType.accountNotFound]: 'problems.accountNotFound',
  [ProblemType.rateLimited]: 'problems.rateLimited',
  [ProblemType.conflict]: 'problems.conflict',
  [ProblemType.idempotencyInProgress]: 'problems.inProgress',
  [ProblemType.idempotencyKeyReused]: 'problems.unexpected',
  [ProblemType.paymentDeclined]: 'problems.paymentDeclined',
  [ProblemType.paymentOutcomeUnknown]: 'problems.paymentOutcomeUnknown',
  [ProblemType.unavailable]: 'problems.unavailable',
  [ProblemType.payloadTooLarge]: 'problems.payloadTooLarge',
  [ProblemType.actingSessionRequired]: 'problems.actingSessionRequired',
  [ProblemType.actingSessionActive]: 'problems.actingSessionActive',
};
