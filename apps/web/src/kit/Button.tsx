import { forwardRef, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import CircularProgress from './CircularProgress';

export type ButtonProps = KitProps & {
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'secondary' | 'error' | 'warning' | 'info' | 'success' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  disabled?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  loading?: boolean;
  href?: string;
  type?: 'button' | 'submit' | 'reset';
  disableElevation?: boolean;
};

/**
 * A button (a link when it has `href`, or the `component` given, e.g. a router link). Its focus is always
 * visible (WCAG 2.4.7); `loading` disables it and says so with a spinner.
 */
const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  (
    {
      variant = 'text',
      color = 'primary',
      size = 'medium',
      fullWidth,
      disabled,
      startIcon,
      endIcon,
      loading,
      disableElevation,
      children,
      component,
      href,
      type,
      autoFocus,
      ...rest
    },
    ref,
  ) => {
    const element = component ?? (href ? 'a' : 'button');
    const isButton = element === 'button';
    const off = Boolean(disabled || loading);
    const classes = cx(
      'kit-button',
      `kit-button-${variant}`,
      `kit-c-${color}`,
      size !== 'medium' && `kit-button-${size}`,
      fullWidth && 'kit-full-width',
      disableElevation && 'kit-no-elevation',
      off && 'kit-disabled',
    );
    const props: KitProps = {
      ...rest,
      // The `autofocus` attribute itself (Preact drops React's autoFocus): a modal dialog focuses it on opening.
      ...(autoFocus ? ({ autofocus: true } as object) : {}),
      component: element,
      href,
      ...(isButton
        ? { type: type ?? 'button', disabled: off }
        : off
          ? { 'aria-disabled': true, tabIndex: -1 }
          : {}),
      ...(loading ? { 'aria-busy': true } : {}),
      children: (
        <>
          {loading ? (
            <span className="kit-button-icon kit-button-start" aria-hidden="true">
              <CircularProgress size={16} color="inherit" aria-hidden="true" />
            </span>
          ) : (
            startIcon && <span className="kit-button-icon kit-button-start">{startIcon}</span>
          )}
          {children}
          {endIcon && <span className="kit-button-icon kit-button-end">{endIcon}</span>}
        </>
      ),
    };
    return render(element, classes, props, ref);
  },
);
Button.displayName = 'Button';
export default Button;
