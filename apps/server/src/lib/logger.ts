import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { readableUrl, REDACTED, redactDeep, scrubString } from './redact';

/** An error as it reaches a log line: see `errorForLog`. */
type LoggedError = { type: string; message: string; stack: string } & Record<string, unknown>;

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
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    // Standard output, written asynchronously (docs/decisions/035): a request never waits for a write(2).
    // Lines build up in memory while a write is under way and go out together with the next. pino writes
    // what is left synchronously when the process exits (a graceful stop, process.exit, an uncaught
    // exception); a SIGKILL or a power cut loses the lines not yet written (milliseconds' worth).
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    serializers: {
      // formatters.log below has already made errors safe (errorForLog); pino's own error serializer
      // would rebuild them from the original, SQL parameters and all.
      err: (value: Error) => (value instanceof Error ? redactDeep(value) : value) as LoggedError,
      req: (req: Partial<SerializableRequest>) => ({
        method: req.method,
        // Scrubbed both as sent and decoded: "note=card%204111%201111…" hides a card number from the patterns.
        url: typeof req.url === 'string' ? scrubString(readableUrl(scrubString(req.url))) : undefined,
        remoteAddress: req.ip,
        // Clients choose their User-Agent: it is free text like any other.
        userAgent:
          typeof req.headers?.['user-agent'] === 'string'
            ? scrubString(req.headers['user-agent']).slice(0, 300)
            : undefined,
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

/**
 * One log line per request (docs/decisions/035), when it completes: method, scrubbed URL, client address
 * and User-Agent, status and time — Fastify's default writes two (one when the request arrives, one when
 * it completes), which doubled the logging work of a read. Errors and refusals are logged as before.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Logged with the outcome in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
