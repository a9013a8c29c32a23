// Preloaded into a measured process (`node --import ./bench/lib/cpu-usage.mjs …`): when it exits, writes
// the CPU time it used (user and system, every thread, in microseconds) as JSON to BENCH_CPU_USAGE_FILE.
// CPU seconds let a run on a busy shared machine be judged: its wall time depends on the neighbours.
import fs from 'node:fs';

const file = process.env.BENCH_CPU_USAGE_FILE;
if (file) {
  process.on('exit', () => {
    fs.writeFileSync(file, JSON.stringify(process.cpuUsage()));
  });
}
