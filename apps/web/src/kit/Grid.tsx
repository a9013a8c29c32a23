import { forwardRef } from 'react';
import { render, type KitProps } from './base';
import type { SxProps } from './sx';
import type { Breakpoint } from './theme';

type Size = number | 'grow' | 'auto';
export type GridProps = KitProps & {
  container?: boolean;
  spacing?: number | Partial<Record<Breakpoint, number>>;
  size?: Size | Partial<Record<Breakpoint, Size>>;
};

const width = (size: Size) =>
  size === 'grow'
    ? undefined
    : size === 'auto'
      ? 'auto'
      : `calc(100% * ${size} / 12 - (1 - ${size} / 12) * var(--grid-gap, 0px))`;

/** A 12-column flex grid (MUI Grid v2): `container` with `spacing`, items with `size` per breakpoint. */
const Grid = forwardRef<unknown, GridProps>(({ container, spacing, size, sx, ...rest }, ref) => {
  const own: Record<string, unknown> = {};
  if (container) {
    own.display = 'flex';
    own.flexWrap = 'wrap';
    own.gap = spacing;
    own['--grid-gap'] =
      typeof spacing === 'number'
        ? `${spacing * 8}px`
        : spacing && Object.fromEntries(Object.entries(spacing).map(([k, v]) => [k, `${v * 8}px`]));
  }
  if (size !== undefined) {
    if (typeof size === 'object') {
      own.flexBasis = Object.fromEntries(Object.entries(size).map(([k, v]) => [k, width(v) ?? 0]));
      own.flexGrow = Object.fromEntries(Object.entries(size).map(([k, v]) => [k, v === 'grow' ? 1 : 0]));
      own.maxWidth = Object.fromEntries(
        Object.entries(size).map(([k, v]) => [k, v === 'grow' || v === 'auto' ? 'none' : width(v as Size)]),
      );
    } else {
      own.flexBasis = width(size) ?? 0;
      own.flexGrow = size === 'grow' ? 1 : 0;
      own.maxWidth = size === 'grow' || size === 'auto' ? 'none' : width(size);
    }
    own.minWidth = 0;
  }
  return render(
    'div',
    undefined,
    { ...rest, sx: [own, ...(Array.isArray(sx) ? (sx as SxProps[]) : [sx])] as SxProps },
    ref,
  );
});
Grid.displayName = 'Grid';
export default Grid;
