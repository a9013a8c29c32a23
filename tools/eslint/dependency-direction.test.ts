import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import * as schema from '../../apps/server/src/db/schema';
import { TABLE_OWNERS } from '../../apps/server/src/db/table-owners.js';
import { TABLE_READ_DEBT } from './module-zone-exceptions.js';

const root = path.resolve(import.meta.dirname, '../..');
// Lint code as if it lived at a given path, with the project's real configuration (rule on, zones as built).
// Only this rule runs, and without type information: building a TypeScript program for each linted text
// took about 2 s a case and the rule does not need types.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'local/dependency-direction',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function directionErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'local/dependency-direction')
    .map((m) => m.message);
}

describe('dependency direction (docs/ARCHITECTURE.md)', () => {
  it.each([
    [
      'packages/domain/src/money.ts',
      "import { ProblemSchema } from '@portal/contracts';\nexport const x = ProblemSchema;",
      'domain imports nothing of ours',
    ],
    [
      'packages/contracts/src/problem.ts',
      "import { buildApp } from '../../../apps/server/src/app';\nexport const x = buildApp;",
      'contracts imports only domain',
    ],
    [
      'apps/web/src/app/app.tsx',
      "import { buildApp } from '../../../server/src/app';\nexport const x = buildApp;",
      'the web app never imports the server',
    ],
    [
      'apps/server/src/app.ts',
      "import { routes } from '../../web/src/app/router';\nexport const x = routes;",
      'the server never imports the web app',
    ],
    [
      'apps/web/src/ui/route-title.ts',
      "import { Shell } from '../app/layout/shell';\nexport const x = Shell;",
      'shared web code must not depend',
    ],
    [
      'apps/web/src/areas/home/home-page.tsx',
      "import { Shell } from '../../app/layout/shell';\nexport const x = Shell;",
      'areas do not import the shell',
    ],
    [
      'apps/web/src/areas/home/home-page.tsx',
      "import { MessagePage } from '../error/message-page';\nexport const x = MessagePage;",
      'no area imports another area',
    ],
    [
      'apps/server/src/plugins/errors.ts',
      "import { healthRoutes } from '../modules/health/routes';\nexport const x = healthRoutes;",
      'plugins and the schema never import business modules',
    ],
  ])('refuses an import in %s', async (file, code, message) => {
    const errors = await directionErrors(file, code);
    expect(errors.join('\n')).toContain(message);
  });

  it.each([
    [
      'packages/contracts/src/problem.ts',
      "import { toWireAmount } from '@portal/domain';\nexport const x = toWireAmount;",
    ],
    [
      'apps/web/src/areas/home/home-page.tsx',
      "import { useHealth } from '../../data/health/get-health';\nexport const x = useHealth;",
    ],
    [
      'apps/web/src/areas/error/not-found-page.tsx',
      "import { MessagePage } from './message-page';\nexport const x = MessagePage;",
    ],
    [
      'apps/server/src/modules/health/routes.ts',
      "import { databaseIsUp } from '../../db/client';\nexport const x = databaseIsUp;",
    ],
  ])('allows an import in %s', async (file, code) => {
    expect(await directionErrors(file, code)).toEqual([]);
  });
});

// Server module zones (issue 38): a module reaches another only through its service.ts and queries only
// the tables apps/server/src/db/table-owners.js gives it.
describe('server module zones (docs/ARCHITECTURE.md, decision 057)', () => {
  it.each([
    [
      'another module’s repository',
      'apps/server/src/modules/household/service.ts',
      "import { loadPolicyBundles } from '../policy/repository';\nexport const x = loadPolicyBundles;",
      'modules/household may import only service.ts of modules/policy: add a function named for what you need to modules/policy/service.ts',
    ],
    [
      'another module’s routes',
      'apps/server/src/modules/wallet/service.ts',
      "import { policyRoutes } from '../policy/routes';\nexport const x = policyRoutes;",
      'modules/wallet may import only service.ts of modules/policy',
    ],
    [
      'a type from another module’s repository',
      'apps/server/src/modules/contact/service.ts',
      "import type { ServiceRequestRow } from '../service-request/repository';\nexport type X = ServiceRequestRow;",
      'may import only service.ts of modules/service-request',
    ],
    [
      'a table another module owns',
      'apps/server/src/modules/logging/service.ts',
      "import { policies } from '../../db/schema';\nexport const x = policies;",
      'table policies belongs to modules/policy, not modules/logging: call a function of modules/policy/service.ts',
    ],
    [
      'a table owned by a cross-cutting part',
      'apps/server/src/modules/wallet/repository.ts',
      "import { outboxEvents, wallets } from '../../db/schema';\nexport const x = [outboxEvents, wallets];",
      'table outboxEvents belongs to outbox, not modules/wallet: use what outbox/ offers',
    ],
    [
      'a foreign table from one schema file',
      'apps/server/src/modules/logging/service.ts',
      "import { members } from '../../db/schema/policies';\nexport const x = members;",
      'table members belongs to modules/member',
    ],
    [
      'the whole schema',
      'apps/server/src/modules/logging/service.ts',
      "import * as schema from '../../db/schema';\nexport const x = schema;",
      'import tables from the schema by name',
    ],
    [
      'a table the exceptions list for another import of the same file',
      'apps/server/src/modules/broker/repository.ts',
      "import { payments, policies } from '../../db/schema';\nexport const x = [payments, policies];",
      'table payments belongs to modules/payment',
    ],
  ])('refuses %s', async (_what, file, code, message) => {
    const errors = await directionErrors(file, code);
    expect(errors.join('\n')).toContain(message);
  });

  it('names only the refused table when a module imports its own and a foreign one', async () => {
    const errors = await directionErrors(
      'apps/server/src/modules/wallet/repository.ts',
      "import { wallets, policies } from '../../db/schema';\nexport const x = [wallets, policies];",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('table policies');
  });

  it.each([
    [
      'another module’s service',
      'apps/server/src/modules/household/service.ts',
      "import { policyOverview } from '../policy/service';\nexport const x = policyOverview;",
    ],
    [
      'a type from another module’s service',
      'apps/server/src/modules/contact/service.ts',
      "import type { ServiceRequestRow } from '../service-request/service';\nexport type X = ServiceRequestRow;",
    ],
    [
      'its own tables',
      'apps/server/src/modules/wallet/repository.ts',
      "import { walletCards, wallets } from '../../db/schema';\nexport const x = [walletCards, wallets];",
    ],
    [
      'its own files',
      'apps/server/src/modules/wallet/service.ts',
      "import { activeItemCount } from './repository';\nexport const x = activeItemCount;",
    ],
    [
      'a foreign table’s row type',
      'apps/server/src/modules/logging/service.ts',
      "import type { policies } from '../../db/schema';\nexport type X = typeof policies.$inferSelect;",
    ],
    [
      'cross-cutting code',
      'apps/server/src/modules/logging/service.ts',
      "import { runCommand } from '../../plugins/command';\nexport const x = runCommand;",
    ],
    [
      'a test, any table and any module file',
      'apps/server/src/modules/logging/logging.int.test.ts',
      "import { policies } from '../../db/schema';\nimport { loadPolicyBundles } from '../policy/repository';\nexport const x = [policies, loadPolicyBundles];",
    ],
    [
      'the seed, any table',
      'apps/server/src/seed/billing.ts',
      "import { policies, payments } from '../db/schema';\nexport const x = [policies, payments];",
    ],
    [
      'the app, every module’s routes',
      'apps/server/src/app.ts',
      "import { policyRoutes } from './modules/policy/routes';\nexport const x = policyRoutes;",
    ],
  ])('allows %s', async (_what, file, code) => {
    expect(await directionErrors(file, code)).toEqual([]);
  });

  it('gives every table of the schema one owner that exists', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
    for (const owner of new Set(Object.values(TABLE_OWNERS)))
      expect(fs.existsSync(path.join(root, 'apps/server/src', owner)), owner).toBe(true);
  });

  it('keeps no exception that is no longer needed (the list only shrinks)', () => {
    for (const entry of TABLE_READ_DEBT) {
      const text = fs.readFileSync(path.join(root, entry.file), 'utf8');
      for (const table of entry.imports)
        expect(
          new RegExp(`\\b${table}\\b`).test(text),
          `${entry.file} no longer uses ${table}: remove it from the list`,
        ).toBe(true);
    }
  });
});
