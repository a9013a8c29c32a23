import { forwardRef, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';

export type ChipProps = KitProps & {
  label?: ReactNode;
  size?: 'small' | 'medium';
  color?: 'default' | 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success';
  variant?: 'filled' | 'outlined';
  icon?: ReactNode;
};

/** A short status label (not interactive). */
const Chip = forwardRef<unknown, ChipProps>(
  ({ label, size = 'medium', color = 'default', variant = 'filled', icon, ...rest }, ref) =>
    render(
      'span',
      cx(
        'kit-chip',
        size === 'small' && 'kit-chip-small',
        `kit-chip-${variant}`,
        color !== 'default' && `kit-tone-${color}`,
      ),
      {
        ...rest,
        children: (
          <>
            {icon && <span className="kit-chip-icon">{icon}</span>}
            <span className="kit-chip-label">{label}</span>
          </>
        ),
      },
      ref,
    ),
);
Chip.displayName = 'Chip';
export default Chip;
