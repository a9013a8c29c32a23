import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from './errors';

/** Whether any string (or key) in a parsed body, query or params holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

// %00 in the raw URL, in any case: the path and the query string before anything decodes them.
const ENCODED_NUL = /%00/i;

const nulRefused = () =>
  new HttpProblem(400, ProblemType.badRequest, 'Bad request', 'The request contains a NUL character, which no field accepts.');

/**
 * One place for input every route refuses alike: a NUL character (U+0000) anywhere in the URL, the
 * query or the body is invalid input (400 problem+json), never a database error. PostgreSQL cannot
 * store NUL in text, so without this the first SQL statement to meet one fails with a 500.
 * The raw URL is checked on request (before the identity providers take over their own routes); parsed
 * bodies before validation.
 */
export const requestHygienePlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const url = request.raw.url ?? '';
      done(ENCODED_NUL.test(url) || url.includes('\u0000') ? nulRefused() : undefined);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      done(containsNul(request.body) || containsNul(request.query) || containsNul(request.params) ? nulRefused() : undefined);
    });
  },
  { name: 'request-hygiene', dependencies: ['errors'] },
);
