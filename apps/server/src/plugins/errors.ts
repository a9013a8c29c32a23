import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ProblemType, type FieldError, type Problem } from '@portal/contracts';

/** An error a service throws on purpose: it becomes a problem+json answer with this status and type. */
export class HttpProblem extends Error {
  /**
   * What the audit row of a refused command says, when more than the problem's type (the caller is told
   * less than the audit keeps: a token of another household answers like an unknown one).
   */
  auditReason?: string;

  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    /** Extra members of the answer (e.g. a payment decline's `declineCode`). */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(detail ?? title);
  }
}

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: Omit<Problem, 'instance' | 'requestId'>,
) {
  const body: Problem = { ...problem, instance: request.url.split('?')[0], requestId: request.id };
  return reply.status(problem.status).type('application/problem+json').send(body);
}

const TYPE_BY_STATUS: Record<number, { type: string; title: string }> = {
  400: { type: ProblemType.badRequest, title: 'Bad request' },
  401: { type: ProblemType.unauthenticated, title: 'Sign-in required' },
  403: { type: ProblemType.forbidden, title: 'Not allowed' },
  404: { type: ProblemType.notFound, title: 'Not found' },
  405: { type: ProblemType.methodNotAllowed, title: 'Method not allowed' },
  413: { type: ProblemType.payloadTooLarge, title: 'Payload too large' },
  415: { type: ProblemType.unsupportedMediaType, title: 'Unsupported media type' },
  429: { type: ProblemType.rateLimited, title: 'Too many requests' },
  503: { type: ProblemType.unavailable, title: 'Service unavailable' },
};

/**
 * Every API error is `application/problem+json` (RFC 9457) with a stable `type`. Validation failures
 * name each field and reason; unexpected errors are logged with the request id and answered without
 * internals.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpProblem) {
        if (error.status === 503 && !reply.hasHeader('retry-after'))
          void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return sendProblem(reply, request, {
          type: error.type,
          title: error.title,
          status: error.status,
          ...(error.detail === undefined ? {} : { detail: error.detail }),
          ...(error.errors === undefined ? {} : { errors: error.errors }),
          ...error.extensions,
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          reason: issue.message ?? 'invalid value',
          ...issueCode(issue.keyword, issue.params),
        }));
        return sendProblem(reply, request, {
          type: ProblemType.validation,
          title: 'Invalid request',
          status: 400,
          detail: 'The request has invalid fields; see errors.',
          errors,
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return sendProblem(reply, request, {
          type: ProblemType.internal,
          title: 'Internal error',
          status: 500,
        });
      }
      if (isUnavailable(error)) {
        // The database (or another part the request needs) cannot be reached right now: the caller may
        // try again shortly, and the portal recovers on its own when it is back (issue 40, decision 034).
        request.log.warn({ err: error }, 'request failed: a dependency is unavailable');
        return sendUnavailable(reply, request);
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Never the error's message: it may hold SQL, a stack or a path (issue 40: "Failed query: …").
        if (status === 503) return sendUnavailable(reply, request);
        return sendProblem(reply, request, {
          type: ProblemType.internal,
          title: 'Internal error',
          status: 500,
        });
      }
      const known = TYPE_BY_STATUS[status] ?? { type: ProblemType.badRequest, title: 'Bad request' };
      return sendProblem(reply, request, { ...known, status, detail: error.message });
    });
  },
  { name: 'errors' },
);

/** How long a caller should wait before trying again when a dependency is down (`Retry-After`, s). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** 503 problem+json with `Retry-After`: a part the portal needs is down for now (never a 500). */
export function sendUnavailable(reply: FastifyReply, request: FastifyRequest) {
  void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return sendProblem(reply, request, {
    type: ProblemType.unavailable,
    title: 'Service unavailable',
    status: 503,
    detail: `The portal is briefly unavailable. Try again in ${String(UNAVAILABLE_RETRY_AFTER_SECONDS)} seconds.`,
  });
}

/** Node's socket errors of a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
/**
 * SQLSTATEs of a server that is going away or cannot take us: class 08 (connection exception), 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** What node-postgres, pg-pool and PGlite say when there is no usable connection (they set no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end on the pool|Query read timeout|The embedded database is closed|PGlite is closed)/;

/**
 * Whether an error means a dependency is unavailable (issue 40): the database refused or lost the
 * connection, is shutting down, or the pool could not get a connection in time. Drizzle wraps a failed
 * statement ("Failed query: …") with the driver's error as its `cause`; the chain is followed.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  if (error instanceof HttpProblem) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isUnavailable(inner, depth + 1)))
    return true;
  return cause !== undefined && isUnavailable(cause, depth + 1);
}

/** Limits named by a zod issue that a translated message may show (never the submitted value). */
const ISSUE_PARAMS = ['minimum', 'maximum', 'format', 'origin', 'expected'] as const;

/**
 * A zod issue as a code and parameters the web translates: zod's own code, or the `code` a contract's
 * refinement names in its params (`.refine(check, { params: { code: 'date-in-future' } })`).
 */
export function issueCode(
  keyword: string,
  raw: Record<string, unknown>,
): Pick<FieldError, 'code' | 'params'> {
  const custom = raw.params as Record<string, unknown> | undefined;
  if (keyword === 'custom' && typeof custom?.code === 'string') {
    const { code, ...rest } = custom;
    const params = Object.fromEntries(
      Object.entries(rest).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
    return { code, ...(Object.keys(params).length > 0 ? { params } : {}) };
  }
  const params: Record<string, string | number> = {};
  for (const key of ISSUE_PARAMS) {
    const value = raw[key];
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (typeof value === 'bigint') params[key] = Number(value);
  }
  return { code: keyword, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/** 404 for an unknown API path, as problem+json. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, request, {
    type: ProblemType.notFound,
    title: 'Not found',
    status: 404,
    detail: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route runs — a malformed escape in the
 * path (FST_ERR_BAD_URL, 400) or a path parameter longer than the router takes (FST_ERR_MAX_PARAM_LENGTH,
 * 414) — answered as problem+json like every other refusal, without echoing the path back.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  return sendProblem(reply, request, {
    type: ProblemType.badRequest,
    title: status === 414 ? 'URI too long' : 'Bad request',
    status,
    detail: status === 414 ? 'A path parameter is longer than any identifier.' : 'The URL is not valid.',
  });
}
