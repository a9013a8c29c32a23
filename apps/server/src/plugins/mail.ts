import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { startMailCatcher, type MailCatcher } from '../mail/catcher';
import { sendQueuedMail } from '../mail/sender';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailService {
  /** Whether e-mail goes anywhere (SMTP_URL, or the demo catcher); otherwise it stays queued. */
  readonly enabled: boolean;
  /** Sends what is due now; resolves with how many went out (tests await it). */
  drain(): Promise<number>;
  /** Sends soon (after a commit that queued mail). */
  nudge(): void;
  /** Demo mode: the port of the in-process SMTP catcher. */
  readonly catcherPort: number | null;
}

export interface MailPluginOptions {
  smtpUrl: string | undefined;
  demoMode: boolean;
  from: string;
  publicUrl: string;
  /** How often the queue is looked at besides the nudges (ms); 0 = only nudges (tests). */
  intervalMs: number;
}

/**
 * E-mail (docs/decisions/018): nodemailer over SMTP_URL; in demo mode without it, an in-process SMTP
 * catcher (the development mailbox reads what it keeps). The queue is sent by `mail/sender.ts`, after
 * each nudge and on a timer, one run at a time.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    let catcher: MailCatcher | null = null;
    let transport: Transporter | null = null;
    if (options.smtpUrl) {
      transport = nodemailer.createTransport(options.smtpUrl);
    } else if (options.demoMode) {
      catcher = await startMailCatcher(app.database.db, app.log);
      transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: catcher.port,
        secure: false,
        ignoreTLS: true,
      });
    } else {
      app.log.warn('SMTP_URL is not set: e-mails are queued in the database and not sent');
    }
    const messageIdHost = new URL(options.publicUrl).hostname;
    let running: Promise<number> | null = null;
    // Flags set from other calls while a run awaits (an object, so the compiler does not narrow them).
    const flags = { requests: 0, stopped: false };
    const run = async (): Promise<number> => {
      if (!transport) return 0;
      let total = 0;
      for (;;) {
        const seen = flags.requests;
        total += await sendQueuedMail(app.database.db, transport, {
          from: options.from,
          messageIdHost,
          log: app.log,
        });
        // Asked again while this run was sending: what was queued meanwhile may have been missed.
        if (flags.requests === seen || flags.stopped) break;
      }
      return total;
    };
    const drain = (): Promise<number> => {
      flags.requests += 1;
      if (running) {
        return running;
      }
      running = run().finally(() => {
        running = null;
      });
      return running;
    };
    const service: MailService = {
      enabled: transport !== null,
      catcherPort: catcher?.port ?? null,
      drain,
      nudge: () => {
        if (flags.stopped) return;
        drain().catch((error: unknown) => {
          app.log.error({ err: error }, 'sending e-mail failed');
        });
      },
    };
    app.decorate('mail', service);
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', () => {
      if (options.intervalMs > 0 && transport) {
        timer = setInterval(() => {
          service.nudge();
        }, options.intervalMs);
        timer.unref();
        service.nudge();
      }
    });
    app.addHook('preClose', async () => {
      flags.stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      transport?.close();
      await catcher?.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
