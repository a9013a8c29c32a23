import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { REDACTED, redactDeep, scrubString } from './redact';

interface SerializableRequest {
  id: string;
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * pino options for the server: JSON lines with request ids; credentials, SSNs, card and account
 * numbers never reach a log line (header redaction + deep scrubbing of every logged object and message).
 */
export function loggerOptions(level: string, stream?: DestinationStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    serializers: {
      req: (req: Partial<SerializableRequest>) => ({
        method: req.method,
        url: typeof req.url === 'string' ? scrubString(req.url) : undefined,
        remoteAddress: req.ip,
        userAgent: req.headers?.['user-agent'],
      }),
    },
    formatters: {
      // Runs before the serializers: leave req/res to them (they keep only scrubbed, known fields).
      log: (object: Record<string, unknown>) => {
        const { req, res, ...rest } = object;
        const scrubbed = redactDeep(rest) as Record<string, unknown>;
        if (req !== undefined) scrubbed.req = req;
        if (res !== undefined) scrubbed.res = res;
        return scrubbed;
      },
    },
    hooks: {
      // The message string does not pass through formatters.log, so scrub it here.
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) => (typeof arg === 'string' ? scrubString(arg) : arg));
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}
