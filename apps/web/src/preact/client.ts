/**
 * `react-dom/client` on Preact (docs/decisions/038): what `preact/compat/client` gives, plus where React DOM
 * does something the portal relies on and Preact does not. The bundler points `react-dom/client` here
 * (apps/web/vite.config.ts); nothing in the portal imports this file by name, so dropping the aliases
 * brings React DOM back with no trace of this.
 */
import { options, type VNode } from 'preact';
import 'preact/compat';

export { createRoot, hydrateRoot } from 'preact/compat/client';

type RefValue = Element | null;
/** A ref as the element's owner gave it (a callback may return a cleanup, React 19). */
type UserRef = ((element: RefValue) => unknown) | { current: RefValue } | null | undefined;
type RefCallback = (element: RefValue) => (() => void) | undefined;

/**
 * `autoFocus`: React DOM never writes the attribute; it focuses the element once, when it is mounted, in
 * the same commit (before any effect runs — MUI's dialog focus trap then sees focus already inside and
 * leaves it there: the safe choice of a confirmation is focused first). Preact would write an
 * `autofocus` attribute, which browsers honour only while a document loads, so a dialog opened later
 * would focus itself instead. Here the prop is taken off the element and a ref focuses it on its first
 * attachment, which Preact does once the new elements are in the document.
 */
const focusedOnce = new WeakSet<Element>();

function focusFirstTime(element: RefValue): void {
  if (element instanceof HTMLElement && !focusedOnce.has(element)) {
    focusedOnce.add(element);
    element.focus();
  }
}

// One wrapper per ref the element already had, so that the ref stays the same object from one render
// to the next (a new ref function would be detached and attached again on every render).
const wrappers = new WeakMap<object, RefCallback>();
const focusOnly: RefCallback = (element) => {
  focusFirstTime(element);
  return undefined;
};

function withFocus(ref: UserRef): RefCallback {
  if (ref === null || ref === undefined) return focusOnly;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusFirstTime(element);
      if (typeof ref !== 'function') {
        ref.current = element;
        return undefined;
      }
      const cleanup = ref(element);
      return typeof cleanup === 'function' ? (cleanup as () => void) : undefined;
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

const nextVNodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string' && 'autoFocus' in vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    const autoFocus = props.autoFocus;
    delete props.autoFocus;
    if (autoFocus) vnode.ref = withFocus(vnode.ref as UserRef);
  }
  nextVNodeHook?.(vnode);
};
