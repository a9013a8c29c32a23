import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { paletteColor } from './sx';

export type CircularProgressProps = KitProps & { size?: number | string; color?: string; thickness?: number };

/** An indeterminate spinner (role progressbar; give it an accessible name where it stands alone). It keeps
 * turning for visitors who ask for less motion: it says that something is still happening. */
const CircularProgress = forwardRef<unknown, CircularProgressProps>(
  ({ size = 40, color = 'primary', thickness = 3.6, style, ...rest }, ref) => {
    const dimension = typeof size === 'number' ? `${size}px` : size;
    return render(
      'span',
      cx('kit-spinner'),
      {
        role: 'progressbar',
        ...rest,
        style: {
          width: dimension,
          height: dimension,
          color: color === 'inherit' ? 'inherit' : paletteColor(color),
          ...style,
        },
        children: (
          <svg className="kit-spinner-svg" viewBox="22 22 44 44" aria-hidden="true" focusable="false">
            <circle
              className="kit-spinner-circle"
              cx="44"
              cy="44"
              r={(44 - thickness) / 2}
              fill="none"
              strokeWidth={thickness}
            />
          </svg>
        ),
      },
      ref,
    );
  },
);
CircularProgress.displayName = 'CircularProgress';
export default CircularProgress;
