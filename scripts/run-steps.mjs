// Runs commands one after another with their own output, then prints one line per step. A group of
// steps (`{ parallel: [...] }`) runs at once, each one's output printed whole when it ends: commands that
// each keep one core busy (lint, the type-check) share the machine's cores instead of taking turns.
import { spawn } from 'node:child_process';

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string> }} Step */

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
      resolve({ name: step.name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1), output });
    });
  });
}

const title = (step) => `\n▶ ${step.name}: ${[step.command, ...step.args].join(' ')}`;

/** @param {(Step | { parallel: Step[] })[]} steps */
export async function runSteps(steps, { stopOnFailure = false } = {}) {
  const results = [];
  let expected = 0;
  for (const step of steps) {
    const group = 'parallel' in step ? step.parallel : [step];
    expected += group.length;
    if (group.length === 1) {
      console.log(title(group[0]));
      results.push(await run(group[0], false));
    } else {
      console.log(`\n▶ at once: ${group.map((one) => one.name).join(', ')}`);
      for (const result of await Promise.all(group.map((one) => run(one, true)))) {
        console.log(title(group.find((one) => one.name === result.name)));
        process.stdout.write(result.output);
        results.push(result);
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
