import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import secureJsonParse from 'secure-json-parse';
import { ProblemType } from '@portal/contracts';
import { HttpProblem } from './errors';

// With the u flag a string is read by code points, so only a surrogate without its pair is one (category Cs).
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string is text no field accepts: it holds a NUL character (PostgreSQL cannot store one in
 * text), or a lone UTF-16 surrogate (`"\ud83d"` in JSON, valid JSON but no character at all: PostgreSQL
 * refuses it inside jsonb, and as text the driver would store U+FFFD in its place).
 */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Whether any string (or key) in a parsed body, query or params is {@link unstorable}. Bodies nest no
 * deeper than {@link MAX_JSON_DEPTH} (the JSON parser below refuses them), so the walk sees all of one.
 */
export function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorable(item, depth + 1));
  return Object.entries(value).some(([key, item]) => unstorable(key) || containsUnstorable(item, depth + 1));
}

/**
 * The deepest nesting of arrays and objects a JSON body may have (issue 33 item 5). No request of the
 * portal nests deeper than a handful of levels; 64 leaves room for a client's free-form log details while
 * keeping every walk of a body (the NUL check, the idempotency fingerprint, validation) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 64;

const tooDeep = () =>
  new HttpProblem(
    400,
    ProblemType.badRequest,
    'Bad request',
    `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
  );

/**
 * How deep a JSON text nests, counted in one pass without recursion (brackets inside strings are text);
 * stops as soon as it passes `limit`. Malformed text is left to the parser to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** Fastify's own JSON parser's checks (empty body, `__proto__` and `constructor` poisoning), after the depth check. */
function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  if (jsonDepthExceeds(text)) throw tooDeep();
  try {
    return secureJsonParse.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
}

/**
 * A JSON body that is raw text to its route (the processor's webhook, whose signature covers the bytes
 * sent) is held to the same depth limit before the route parses it.
 */
export function refuseDeepJson(text: string): void {
  if (jsonDepthExceeds(text)) throw tooDeep();
}

// %00 in the raw URL, in any case: the path and the query string before anything decodes them.
const ENCODED_NUL = /%00/i;

const unstorableRefused = () =>
  new HttpProblem(
    400,
    ProblemType.badRequest,
    'Bad request',
    'The request contains a NUL character or a lone surrogate (text that is not Unicode), which no field accepts.',
  );

/**
 * One place for input every route refuses alike: a NUL character (U+0000) anywhere in the URL, the
 * query or the body is invalid input (400 problem+json), never a database error. PostgreSQL cannot
 * store NUL in text, so without this the first SQL statement to meet one fails with a 500.
 * The raw URL is checked on request (before the identity providers take over their own routes); parsed
 * bodies before validation.
 *
 * JSON bodies are parsed here for every route (issue 33 item 5): over the body size limit is a 413
 * (Fastify's `bodyLimit`, 1 MB unless a route sets less or more), nested deeper than
 * {@link MAX_JSON_DEPTH} a 400, both before any route, hook or schema sees the body. Without the depth
 * check a 10,000-deep body reached code that walks it recursively (the idempotency fingerprint) and
 * answered 500.
 */
export const requestHygienePlugin = fp(
  (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    app.addHook('onRequest', (request, _reply, done) => {
      const url = request.raw.url ?? '';
      done(ENCODED_NUL.test(url) || url.includes('\u0000') ? unstorableRefused() : undefined);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      done(
        containsUnstorable(request.body) ||
          containsUnstorable(request.query) ||
          containsUnstorable(request.params)
          ? unstorableRefused()
          : undefined,
      );
    });
  },
  { name: 'request-hygiene', dependencies: ['errors'] },
);
