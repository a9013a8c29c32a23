import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/dependency-direction').map((m) => m.message);
}

describe('dependency direction (docs/ARCHITECTURE.md)', () => {
  it.each([
    ['packages/domain/src/money.ts', "import { ProblemSchema } from '@portal/contracts';\nexport const x = ProblemSchema;", 'domain imports nothing of ours'],
    ['packages/contracts/src/problem.ts', "import { buildApp } from '../../../apps/server/src/app';\nexport const x = buildApp;", 'contracts imports only domain'],
    ['apps/web/src/app/app.tsx', "import { buildApp } from '../../../server/src/app';\nexport const x = buildApp;", 'the web app never imports the server'],
    ['apps/server/src/app.ts', "import { routes } from '../../web/src/app/router';\nexport const x = routes;", 'the server never imports the web app'],
    ['apps/web/src/ui/route-title.ts', "import { Shell } from '../app/layout/shell';\nexport const x = Shell;", 'shared web code must not depend'],
    ['apps/web/src/areas/home/home-page.tsx', "import { Shell } from '../../app/layout/shell';\nexport const x = Shell;", 'areas do not import the shell'],
    ['apps/web/src/areas/home/home-page.tsx', "import { MessagePage } from '../error/message-page';\nexport const x = MessagePage;", 'no area imports another area'],
    ['apps/server/src/plugins/errors.ts', "import { healthRoutes } from '../modules/health/routes';\nexport const x = healthRoutes;", 'plugins and the schema never import business modules'],
  ])('refuses an import in %s', async (file, code, message) => {
    const errors = await directionErrors(file, code);
    expect(errors.join('\n')).toContain(message);
  });

  it.each([
    ['packages/contracts/src/problem.ts', "import { toWireAmount } from '@portal/domain';\nexport const x = toWireAmount;"],
    ['apps/web/src/areas/home/home-page.tsx', "import { useHealth } from '../../data/health/get-health';\nexport const x = useHealth;"],
    ['apps/web/src/areas/error/not-found-page.tsx', "import { MessagePage } from './message-page';\nexport const x = MessagePage;"],
    ['apps/server/src/modules/health/routes.ts', "import { databaseIsUp } from '../../db/client';\nexport const x = databaseIsUp;"],
  ])('allows an import in %s', async (file, code) => {
    expect(await directionErrors(file, code)).toEqual([]);
  });
});
