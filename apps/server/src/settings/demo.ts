import { z } from 'zod';
import { setting, yesNo } from './meta';

/** Demo mode: the reference's "Demo mode" section. */
export const demoEnv = {
  DEMO_MODE: setting(yesNo.optional(), {
    group: 'Demo mode',
    description:
      'Demo households and accounts with a published password, the test SAML issuer, the mail catcher, the sandbox processor, and `POST /api/v1/demo/member` and `/api/v1/demo/staff` (a fresh member or staff account of its own, for tests and trying it). Default: on with the embedded database outside production. Refused with NODE_ENV=production.',
  }),
  DEMO_TODAY: setting(z.iso.date().optional(), {
    group: 'Demo mode',
    description: 'The day the demo takes as today (YYYY-MM-DD): moves billing and due dates. Demo mode only.',
  }),
  DEMO_HOUSEHOLDS: setting(z.coerce.number().int().min(0).max(5_000).optional(), {
    group: 'Demo mode',
    description:
      'How many generated households the first start seeds besides the named ones (default 50). Demo mode only.',
  }),
};
