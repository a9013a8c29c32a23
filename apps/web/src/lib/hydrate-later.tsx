import { Suspense, type ReactNode } from 'react';

/**
 * Hydration in turns (issue 35, docs/decisions/060). A page rendered on the server is painted first and
 * hydrated after (decision 058); hydrating it in one go was one task of 170-290 ms on a phone (Lighthouse's
 * 4× CPU), most of the page's total blocking time. A region wrapped in `HydrateLater` is skipped by that
 * first pass — Preact keeps the server's markup of a component that suspends while hydrating — and is
 * hydrated in a task of its own afterwards, one region per task, in the order they were met. No task is
 * then as long as the whole page, and the browser can paint or answer input between them.
 *
 * After the first page has hydrated (and on a page rendered in the browser), `HydrateLater` renders its
 * children at once: it only changes how a server-rendered page is taken over.
 *
 * Preact keeps the one element a suspended component rendered: the region is a `div` of its own with
 * `display: contents` (no box: its children lay out as the parent's, in a flex or grid gap as before), so
 * its children may render any number of elements, or none.
 */

interface Turn {
  name: string;
  promise: Promise<void>;
  grant: () => void;
}

let hydrating = false;
/** Regions met by the first pass that wait for their turn, in the order met. */
const waiting: Turn[] = [];
/** Regions whose turn has come (a region that suspends anew after its turn must not wait again). */
const granted = new Set<string>();

function turnOf(name: string): Promise<void> {
  const known = waiting.find((turn) => turn.name === name);
  if (known) return known.promise;
  let grant: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    grant = resolve;
  });
  waiting.push({ name, promise, grant });
  return promise;
}

function Gate({ name, children }: { name: string; children: ReactNode }) {
  // A thrown promise is how a component suspends (Preact's Suspense catches it and keeps the markup).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (hydrating && !granted.has(name)) throw turnOf(name);
  return (
    <div data-region={name} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/** A region of a server-rendered page hydrated in a task of its own, after the rest (see above). */
export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate name={name}>{children}</Gate>
    </Suspense>
  );
}

/** For the benches (bench/main-thread.mjs): when each pass of the hydration starts. */
const mark = (name: string) => performance.mark(`portal:hydrate:${name}`);

/** Called just before a server-rendered page is hydrated: its `HydrateLater` regions wait their turn. */
export function startHydrating(): void {
  hydrating = true;
  mark('first-pass');
}

/**
 * Called once the first pass has run: hydrates the waiting regions, one per task, then calls `done`.
 * A region met only while an earlier one hydrates (a region inside a region) joins the end of the line.
 */
export function hydrateTheRest(done: () => void): void {
  const next = () => {
    const turn = waiting.shift();
    if (!turn) {
      hydrating = false;
      granted.clear();
      mark('done');
      done();
      return;
    }
    granted.add(turn.name);
    mark(turn.name);
    // Suspense re-renders the region in a microtask of this task; the next region waits for a new task.
    turn.grant();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
