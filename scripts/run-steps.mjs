// Runs commands one after another with their own output, then prints one line per step.
import { spawnSync } from 'node:child_process';

/** @param {{ name: string, command: string, args: string[], env?: Record<string, string> }[]} steps */
export function runSteps(steps, { stopOnFailure = false } = {}) {
  const results = [];
  for (const step of steps) {
    console.log(`\n▶ ${step.name}: ${[step.command, ...step.args].join(' ')}`);
    const started = Date.now();
    const result = spawnSync(step.command, step.args, {
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const ok = result.status === 0;
    results.push({ name: step.name, ok, seconds });
    if (!ok && stopOnFailure) break;
  }
  console.log('\nSummary');
  for (const r of results) console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
  const failed = results.some((r) => !r.ok) || results.length < steps.length;
  if (failed) console.log('\nSome steps failed: see their output above.');
  return failed ? 1 : 0;
}
