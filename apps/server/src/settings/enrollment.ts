import { z } from 'zod';
import { setting } from './meta';

/** Enrolment files (834) and the issuer's event webhooks: the reference's "Enrollment and issuer events" section. */
export const enrollmentEnv = {
  ENROLLMENT_OUTBOX_DIR: setting(z.string().min(1).optional(), {
    group: 'Enrollment and issuer events',
    description:
      'Where the daily effectuation 834 files are written for the exchange (issue 34, docs/INTEGRATION-834.md). Default DATA_DIR/enrollment/outbox.',
  }),
  ENROLLMENT_CLIENT_ID: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash and underscore only')
      .default('issuer-enrollment'),
    {
      group: 'Enrollment and issuer events',
      description:
        "The client id of the issuer's enrolment system at the built-in workforce identity provider: it gets tokens for `POST /api/v1/Enrollment/834` by OAuth client credentials (docs/decisions/051, docs/INTEGRATION-834.md).",
    },
  ),
  ENROLLMENT_CLIENT_SECRET: setting(z.string().min(32).optional(), {
    group: 'Enrollment and issuer events',
    description:
      "That client's secret (32+ random characters, `npm run keys`); give it to the issuer's integration team. Without it there is no such client and the 834 API refuses every caller (the CLI and the drop folder still import), except in demo mode, where the published demo secret of the README is used.",
    secret: true,
  }),
  ENROLLMENT_INBOX: setting(z.string().min(1).optional(), {
    group: 'Enrollment and issuer events',
    description:
      'A drop folder for incoming 834 files (issue 34, docs/INTEGRATION-834.md): every minute the job runner imports each file put there (one written under a name starting with `.` or ending in `.part`/`.tmp` is left alone until renamed; any other one once unchanged for 5 s) and moves it to `done/`, or `failed/` when it was refused whole, with its 999 or TA1 beside it. Several job runners may share it. Without it there is no drop folder.',
  }),
  ENROLLMENT_SENDER_ID: setting(z.string().min(1).max(15).default('ISSUER'), {
    group: 'Enrollment and issuer events',
    description: 'ISA06/GS02 of the 834 files the portal sends (the issuer as the exchange knows it).',
  }),
  ENROLLMENT_RECEIVER_ID: setting(z.string().min(1).max(15).default('EXCHANGE'), {
    group: 'Enrollment and issuer events',
    description: 'ISA08/GS03 of the 834 files the portal sends (the exchange).',
  }),
  WEBHOOK_SECRETS_KEY: setting(z.string().min(32).optional(), {
    group: 'Enrollment and issuer events',
    description:
      "The key (32+ random characters) that encrypts the issuer-event webhook subscribers' signing secrets in the database (docs/decisions/052). Every instance needs the same one. Without it one is made in DATA_DIR/keys.",
    secret: true,
  }),
};
