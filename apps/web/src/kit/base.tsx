import {
  createElement,
  forwardRef,
  type AllHTMLAttributes,
  type CSSProperties,
  type ElementType,
  type ReactNode,
  type Ref,
} from 'react';
import { resolveSx, type SxProps } from './sx';

/** Props every kit component takes: `component` (the element or component to render, e.g. a router
 * link with its `to`), `sx`, and the element's own attributes, passed on. */
export type KitProps = Omit<
  AllHTMLAttributes<HTMLElement>,
  'size' | 'color' | 'label' | 'type' | 'wrap' | 'as' | 'action'
> & {
  component?: ElementType;
  sx?: SxProps;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  type?: string;
  // A router link's props when `component` is one.
  to?: unknown;
  state?: unknown;
  replace?: boolean;
  end?: boolean;
  reloadDocument?: boolean;
  // An svg drawn as `component="svg"`.
  viewBox?: string;
  shapeRendering?: string;
  focusable?: boolean | 'true' | 'false';
  referrerPolicy?: string;
  [data: `data-${string}`]: unknown;
};

export const cx = (...names: Array<string | false | null | undefined>) =>
  names.filter(Boolean).join(' ') || undefined;

/** Renders `component` (or `fallback`) with the kit's class names, sx and the caller's props. */
export function render(
  fallback: ElementType,
  classes: string | undefined,
  { component, sx, className, style, ...rest }: KitProps,
  ref: Ref<unknown>,
) {
  const resolved = resolveSx(sx, cx(classes, className), style);
  return createElement(component ?? fallback, {
    ...rest,
    ref,
    className: resolved.className,
    style: resolved.style,
  });
}

/** A kit element: a fixed class on a default element, `component` and `sx` as MUI's Box takes them. */
export function element<P extends object = object>(
  name: string,
  fallback: ElementType,
  classes: (props: P & KitProps) => string | undefined,
  omit: ReadonlyArray<string> = [],
) {
  const Component = forwardRef<unknown, P & KitProps>((props, ref) => {
    const rest = Object.fromEntries(Object.entries(props).filter(([key]) => !omit.includes(key)));
    return render(fallback, classes(props as P & KitProps), rest, ref);
  });
  Component.displayName = name;
  return Component;
}
