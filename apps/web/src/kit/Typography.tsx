import { forwardRef, type ElementType } from 'react';
import { cx, render, type KitProps } from './base';
import { paletteColor } from './sx';

export type TypographyVariant =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'subtitle1'
  | 'subtitle2'
  | 'body1'
  | 'body2'
  | 'caption'
  | 'overline'
  | 'button'
  | 'inherit';
export type TypographyProps = KitProps & {
  variant?: TypographyVariant;
  color?: string;
  align?: 'left' | 'center' | 'right' | 'justify' | 'inherit';
  gutterBottom?: boolean;
  noWrap?: boolean;
  paragraph?: boolean;
  fontWeight?: number | string;
};

const ELEMENTS: Record<string, ElementType> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle1: 'h6',
  subtitle2: 'h6',
  body1: 'p',
  body2: 'p',
  caption: 'span',
  overline: 'span',
  button: 'span',
  inherit: 'p',
};

/** Text in one of the type scale's variants (kit.css `.kit-t-<variant>`), on the element that variant
 * means unless `component` says otherwise. */
const Typography = forwardRef<unknown, TypographyProps>(
  (
    {
      variant = 'body1',
      color,
      align,
      gutterBottom,
      noWrap,
      paragraph,
      fontWeight,
      component,
      style,
      ...rest
    },
    ref,
  ) => {
    const classes = cx(
      'kit-t',
      `kit-t-${variant}`,
      gutterBottom && 'kit-t-gutter',
      paragraph && 'kit-t-paragraph',
      noWrap && 'kit-t-nowrap',
    );
    const own =
      color || align || fontWeight !== undefined
        ? {
            ...(color ? { color: color === 'inherit' ? 'inherit' : paletteColor(color) } : {}),
            ...(align ? { textAlign: align } : {}),
            ...(fontWeight !== undefined ? { fontWeight } : {}),
            ...style,
          }
        : style;
    return render(
      component ?? (paragraph ? 'p' : (ELEMENTS[variant] ?? 'p')),
      classes,
      { ...rest, style: own },
      ref,
    );
  },
);
Typography.displayName = 'Typography';
export default Typography;
