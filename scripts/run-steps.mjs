// Runs commands one after another with their own output, then prints one line per step. A group of
// steps (`{ parallel: [...] }`) runs at once, each one's output printed whole when it ends: commands that
// each keep one core busy (lint, the type-check) share the machine's cores instead of taking turns. A
// member of a group may be a sequence (`{ sequence: [...] }`): its steps run one after another, beside
// the group's other members.
import { spawn } from 'node:child_process';

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string> }} Step */
/** @typedef {Step | { sequence: Step[] }} Branch */

/** @param {Step} step @param {boolean} captured */
function run(step, captured) {
  return new Promise((resolve) => {
    const started = Date.now();
    // Always piped, so that a failure's digest can be printed at the end; a step that runs alone is
    // passed through as it prints.
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!captured) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      if (!captured) process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      resolve({
        name: step.name,
        ok: code === 0,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output,
      });
    });
  });
}

const title = (step) => `\n▶ ${step.name}: ${[step.command, ...step.args].join(' ')}`;

const stepsOf = (/** @type {Branch} */ branch) => ('sequence' in branch ? branch.sequence : [branch]);

/** The steps of a group's member, one after another. @param {Branch} branch */
async function runBranch(branch) {
  const results = [];
  for (const step of stepsOf(branch)) results.push({ ...(await run(step, true)), step });
  return results;
}

/** @param {(Step | { parallel: Branch[] })[]} steps */
export async function runSteps(steps, { stopOnFailure = false } = {}) {
  const results = [];
  let expected = 0;
  for (const step of steps) {
    const group = 'parallel' in step ? step.parallel : [step];
    expected += group.flatMap(stepsOf).length;
    if (group.length === 1 && !('sequence' in group[0])) {
      console.log(title(group[0]));
      results.push(await run(group[0], false));
    } else {
      console.log(
        `\n▶ at once: ${group
          .map((branch) =>
            stepsOf(branch)
              .map((one) => one.name)
              .join(' then '),
          )
          .join('; beside it ')}`,
      );
      for (const branch of await Promise.all(group.map(runBranch))) {
        for (const result of branch) {
          console.log(title(result.step));
          process.stdout.write(result.output);
          results.push(result);
        }
      }
    }
    if (stopOnFailure && results.some((r) => !r.ok)) break;
  }
  console.log('\nSummary');
  for (const r of results) console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
  const failed = results.some((r) => !r.ok) || results.length < expected;
  if (failed) {
    // Logs of a long CI are often kept as their head and tail only: what failed is repeated here, last.
    for (const r of results.filter((one) => !one.ok)) {
      console.log(`\nWhat failed in ${r.name}:`);
      for (const line of failureDigest(r.output)) console.log(`  ${line}`);
    }
    console.log('\nSome steps failed: see their output above.');
  }
  return failed ? 1 : 0;
}

// eslint-disable-next-line no-control-regex -- terminal colour codes are control characters
const ANSI = /\u001b\[[0-9;]*m/g;
const FAILURE_LINE =
  /(\bFAIL\b|\bfailed\b|[×✗✘]|\b\w*Error\b|\bExpected\b|\bReceived\b|\bexpected\b|Timed out|(?:\bat |❯ ).*\.(?:ts|tsx|mjs|js):\d+)/;

/**
 * The lines of a failed step's output that say what failed (test names, errors, expected and received
 * values, the first place in our code), at most `limit` of them, without colour codes.
 * @param {string} output
 */
export function failureDigest(output, limit = 80) {
  const lines = output.replace(ANSI, '').split('\n');
  const picked = [];
  let previous = '';
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (!FAILURE_LINE.test(trimmed) || /✓|node_modules/.test(trimmed) || trimmed === previous) continue;
    picked.push(trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed);
    previous = trimmed;
  }
  return picked.length > limit
    ? [`… ${picked.length - limit} lines before`, ...picked.slice(-limit)]
    : picked;
}
