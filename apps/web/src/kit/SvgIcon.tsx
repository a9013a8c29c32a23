import { createElement, forwardRef, memo, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { paletteColor } from './sx';

export type SvgIconProps = KitProps & {
  fontSize?: 'inherit' | 'small' | 'medium' | 'large';
  color?: string;
  titleAccess?: string;
};

/** A 24-unit icon at the text's colour; decorative (aria-hidden) unless it has `titleAccess`. */
const SvgIcon = forwardRef<unknown, SvgIconProps>(
  ({ fontSize = 'medium', color, titleAccess, children, style, ...rest }, ref) =>
    render(
      'svg',
      cx('kit-icon', fontSize !== 'medium' && `kit-icon-${fontSize}`),
      {
        viewBox: '0 0 24 24',
        focusable: 'false',
        ...(titleAccess ? { role: 'img' } : { 'aria-hidden': true }),
        ...rest,
        style: color && color !== 'inherit' ? { color: paletteColor(color), ...style } : style,
        children: (
          <>
            {children}
            {titleAccess ? <title>{titleAccess}</title> : null}
          </>
        ),
      },
      ref,
    ),
);
SvgIcon.displayName = 'SvgIcon';
export default SvgIcon;

/**
 * An icon component from its path(s), as @mui/icons-material's modules build theirs: the build points their
 * `createSvgIcon` here (vite.config.ts), so the Material icons the portal imports one by one draw with the
 * kit and carry no MUI code.
 */
export function createSvgIcon(path: ReactNode, displayName: string) {
  const Icon = memo(
    forwardRef<unknown, SvgIconProps>((props, ref) =>
      createElement(SvgIcon, { ...props, ref, 'data-icon': displayName }, path),
    ),
  );
  (Icon as { displayName?: string }).displayName = `${displayName}Icon`;
  return Icon;
}
