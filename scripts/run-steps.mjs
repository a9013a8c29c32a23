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
    const child = spawn(step.command, step.args, {
      stdio: captured ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...step.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
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
  if (failed) console.log('\nSome steps failed: see their output above.');
  return failed ? 1 : 0;
}
