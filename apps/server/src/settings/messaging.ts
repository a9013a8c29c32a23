import { z } from 'zod';
import { setting, yesNo } from './meta';

/** Live updates, e-mail and the job runner: the reference's "Live updates, e-mail and jobs" section. */
export const messagingEnv = {
  REDIS_URL: setting(z.url({ protocol: /^rediss?$/ }).optional(), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Redis for live notifications across instances and shared rate-limit counts. Without it each instance fans out and counts on its own (one instance: fine).',
    secret: true,
  }),
  SMTP_URL: setting(z.url({ protocol: /^smtps?$/ }).optional(), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Where e-mail goes (`smtp://user:pass@host:587`). In demo mode without it an in-process catcher keeps it (/dev/mailbox).',
    secret: true,
  }),
  MAIL_FROM: setting(z.string().min(3).optional(), {
    group: 'Live updates, e-mail and jobs',
    description: "The From header of e-mails (default: the issuer's name at no-reply@<public host>).",
  }),
  JOBS: setting(yesNo.default('true'), {
    group: 'Live updates, e-mail and jobs',
    description:
      'Whether this server runs the job workers (billing day, outbox, mail). `false` on web instances beside a job runner (`node apps/server/dist/jobs.js`). Each piece of work is claimed once either way.',
  }),
};
