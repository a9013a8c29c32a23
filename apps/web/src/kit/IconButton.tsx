import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';

export type IconButtonProps = KitProps & {
  color?: 'default' | 'inherit' | 'primary' | 'secondary' | 'error';
  size?: 'small' | 'medium' | 'large';
  edge?: 'start' | 'end' | false;
  disabled?: boolean;
  type?: 'button' | 'submit';
};

/** A round button holding an icon; it needs an `aria-label` (axe checks). */
const IconButton = forwardRef<unknown, IconButtonProps>(
  ({ color = 'default', size = 'medium', edge, disabled, type, component, ...rest }, ref) => {
    const element = component ?? 'button';
    const classes = cx(
      'kit-icon-button',
      color !== 'default' && `kit-c-${color}`,
      size !== 'medium' && `kit-icon-button-${size}`,
      edge && `kit-edge-${edge}`,
      disabled && 'kit-disabled',
    );
    const own = element === 'button' ? { type: type ?? 'button', disabled } : {};
    return render(element, classes, { ...rest, ...own, component: element }, ref);
  },
);
IconButton.displayName = 'IconButton';
export default IconButton;
