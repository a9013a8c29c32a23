import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { paletteColor } from './sx';

export type LinkProps = KitProps & {
  underline?: 'always' | 'hover' | 'none';
  color?: string;
  variant?: string;
  href?: string;
};

/** A link, underlined (SPEC: links look like links); `component={RouterLink}` for routes, or "button". */
const Link = forwardRef<unknown, LinkProps>(
  ({ underline = 'always', color, variant, component, style, ...rest }, ref) => {
    const element = component ?? 'a';
    const classes = cx(
      'kit-link',
      `kit-underline-${underline}`,
      variant && `kit-t kit-t-${variant}`,
      element === 'button' && 'kit-link-button',
    );
    const own = color ? { color: color === 'inherit' ? 'inherit' : paletteColor(color), ...style } : style;
    return render(
      element,
      classes,
      { ...rest, ...(element === 'button' ? { type: 'button' } : {}), style: own, component: element },
      ref,
    );
  },
);
Link.displayName = 'Link';
export default Link;
