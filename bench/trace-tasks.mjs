// What the page's main thread did in its longer tasks, from a trace Lighthouse recorded
// (`node bench/lighthouse.mjs --out DIR` writes one beside each report): for every task of the page's
// renderer main thread of at least `--min` ms (unthrottled: Lighthouse's simulation multiplies by 4), the
// time from navigation, its length and its heaviest events by self time (style, layout, parsing, script by
// URL, garbage collection). Answers "what is Lighthouse's Unattributable time?".
//
//   node bench/trace-tasks.mjs DIR/_account-overview-1.trace.json [--min 10] [--top 6]
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: 'string', default: '10' }, top: { type: 'string', default: '6' } },
});
const MIN_MS = Number(values.min);
const TOP = Number(values.top);
const trace = JSON.parse(fs.readFileSync(positionals[0], 'utf8'));
const events = trace.traceEvents ?? trace;

// The renderer of the audited page: the one whose main thread saw the navigation start.
const navigation = events.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL,
);
if (!navigation) throw new Error('no main-frame navigationStart in the trace');
const pid = navigation.pid;
const tid = navigation.tid;
const origin = navigation.ts;
const thread = events
  .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number')
  .sort((a, b) => a.ts - b.ts || b.dur - a.dur);

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);
const tasks = thread.filter((e) => TASKS.has(e.name));
// Only top-level tasks (a task nested in another is part of it).
const topLevel = [];
for (const task of tasks) {
  const last = topLevel.at(-1);
  if (last && task.ts < last.ts + last.dur) continue;
  topLevel.push(task);
}

/** Events named with the script or document they ran (the rest by their name alone). */
const BY_URL = new Set(['EvaluateScript', 'v8.compile', 'FunctionCall', 'ParseHTML']);

function label(event) {
  if (!BY_URL.has(event.name)) return event.name;
  const data = event.args?.data ?? {};
  const url = data.url ?? data.stackTrace?.[0]?.url ?? data.frame?.url ?? '';
  return url ? `${event.name} ${url.replace(/^https?:\/\/[^/]+/, '')}` : event.name;
}

let index = 0;
for (const task of topLevel) {
  if (task.dur / 1000 < MIN_MS) continue;
  const end = task.ts + task.dur;
  // Events inside the task, in order; self time = own duration less its direct children's.
  const inside = [];
  for (; index < thread.length && thread[index].ts < end; index += 1) {
    if (thread[index].ts >= task.ts && thread[index] !== task) inside.push(thread[index]);
  }
  const self = new Map();
  const stack = [];
  for (const event of inside) {
    while (stack.length > 0 && event.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const parent = stack.at(-1);
    const name = label(event);
    self.set(name, (self.get(name) ?? 0) + event.dur);
    if (parent) {
      const parentName = label(parent);
      self.set(parentName, (self.get(parentName) ?? 0) - event.dur);
    }
    stack.push(event);
  }
  const covered = topDuration(inside, task);
  const heaviest = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(
    `task at ${((task.ts - origin) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(1)} ms` +
      ` (${(covered / 1000).toFixed(1)} ms in traced events)`,
  );
  for (const [name, us] of heaviest) console.log(`    ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
}

/** Time covered by the task's direct children (what the task did that the trace names). */
function topDuration(inside, task) {
  let covered = 0;
  let until = task.ts;
  for (const event of inside) {
    if (event.ts >= until) {
      covered += event.dur;
      until = event.ts + event.dur;
    }
  }
  return covered;
}
