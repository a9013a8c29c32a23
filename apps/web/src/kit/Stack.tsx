import { forwardRef, type CSSProperties } from 'react';
import { render, type KitProps } from './base';
import { type SxProps } from './sx';
import type { Breakpoint } from './theme';

type Responsive<T> = T | Partial<Record<Breakpoint, T>>;
export type StackProps = KitProps & {
  direction?: Responsive<'row' | 'column' | 'row-reverse' | 'column-reverse'>;
  spacing?: Responsive<number | string>;
  alignItems?: Responsive<CSSProperties['alignItems']>;
  justifyContent?: Responsive<CSSProperties['justifyContent']>;
  flexWrap?: Responsive<CSSProperties['flexWrap']>;
  useFlexGap?: boolean;
  divider?: never;
};

/** A flex column or row whose children are `spacing` units (8 px) apart (a gap: no margins on children). */
const Stack = forwardRef<unknown, StackProps>(
  // `useFlexGap` is taken and dropped: the kit's stack always spaces its children with a gap.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  ({ direction, spacing, alignItems, justifyContent, flexWrap, useFlexGap, sx, ...rest }, ref) => {
    const own: SxProps = {
      flexDirection: direction,
      gap: spacing,
      alignItems,
      justifyContent,
      flexWrap,
    };
    return render(
      'div',
      'kit-stack',
      { ...rest, sx: [own, ...(Array.isArray(sx) ? (sx as SxProps[]) : [sx])] as SxProps },
      ref,
    );
  },
);
Stack.displayName = 'Stack';
export default Stack;
