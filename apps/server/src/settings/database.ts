import { z } from 'zod';
import { setting, yesNo } from './meta';

/** The database: the reference's "Database" section. */
export const databaseEnv = {
  DATABASE_URL: setting(z.string().min(1).optional(), {
    group: 'Database',
    description:
      'A PostgreSQL connection string. Without it the embedded database (PGlite) in DATA_DIR is used: one process, demo and development only.',
    secret: true,
  }),
  DATABASE_POOL_SIZE: setting(z.coerce.number().int().min(1).max(200).default(10), {
    group: 'Database',
    description:
      "Connections each process keeps to PostgreSQL at most. Instances × this must stay below the server's `max_connections`.",
  }),
  MIGRATE_AT_START: setting(yesNo.default('true'), {
    group: 'Database',
    description:
      '`true`: the server and the job runner apply pending migrations before they start (serialised across instances by an advisory lock). `false`: they never change the schema; a release runs `node apps/server/dist/migrate.js` (`npm run migrate`) once, and until then readiness says `migrations: pending`. Demo mode always migrates.',
  }),
};
