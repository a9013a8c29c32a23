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

export function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Omit<Problem, 'instance' | 'requestId'>) {
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
        return sendProblem(reply, request, { type: ProblemType.internal, title: 'Internal error', status: 500 });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, request, {
          type: status === 503 ? ProblemType.unavailable : ProblemType.internal,
          title: status === 503 ? 'Service unavailable' : 'Internal error',
          status,
        });
      }
      const known = TYPE_BY_STATUS[status] ?? { type: ProblemType.badRequest, title: 'Bad request' };
      return sendProblem(reply, request, { ...known, status, detail: error.message });
    });
  },
  { name: 'errors' },
);

/** Limits named by a zod issue that a translated message may show (never the submitted value). */
const ISSUE_PARAMS = ['minimum', 'maximum', 'format', 'origin', 'expected'] as const;

/**
 * A zod issue as a code and parameters the web translates: zod's own code, or the `code` a contract's
 * refinement names in its params (`.refine(check, { params: { code: 'date-in-future' } })`).
 */
export function issueCode(keyword: string, raw: Record<string, unknown>): Pick<FieldError, 'code' | 'params'> {
  const custom = raw.params as Record<string, unknown> | undefined;
  if (keyword === 'custom' && typeof custom?.code === 'string') {
    const { code, ...rest } = custom;
    const params = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
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
