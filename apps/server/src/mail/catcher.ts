import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Database } from '../db/client';
import { devMailbox } from '../db/schema';

/**
 * Demo mode only: an SMTP server inside the process that keeps what it receives in `dev_mailbox`, so
 * that someone trying the demo reads the portal's e-mails on the development mailbox page. It listens
 * on 127.0.0.1 only, on a free port.
 */
export interface MailCatcher {
  port: number;
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((entry) => entry.value.map((address) => address.address ?? ''))
    .filter(Boolean);

export async function startMailCatcher(
  db: Database,
  log: { error(object: Record<string, unknown>, message: string): void },
): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'portal demo mail catcher',
    size: 2 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const headers: Record<string, string> = {};
          for (const [key, value] of mail.headers) if (typeof value === 'string') headers[key] = value;
          await db.insert(devMailbox).values({
            messageId: mail.messageId ?? null,
            fromAddress: addresses(mail.from).join(', '),
            toAddresses: addresses(mail.to),
            subject: mail.subject ?? '',
            textBody: mail.text ?? null,
            htmlBody: typeof mail.html === 'string' ? mail.html : null,
            headers,
          });
          callback();
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'mail catcher could not store a message');
          callback(error as Error);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
