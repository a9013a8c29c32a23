import { forwardRef, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

export type AlertProps = KitProps & {
  severity?: 'success' | 'info' | 'warning' | 'error';
  variant?: 'standard' | 'outlined' | 'filled';
  icon?: ReactNode | false;
  action?: ReactNode;
  onClose?: (event: unknown) => void;
  /** The close button's accessible name (give it translated). */
  closeText?: string;
  color?: 'success' | 'info' | 'warning' | 'error';
  slotProps?: { closeButton?: Record<string, unknown>; root?: Record<string, unknown> };
};

const ICONS = { success: SuccessIcon, info: InfoIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * A message with its severity's colour and icon (role alert unless `role` says otherwise, as before).
 * The message wraps instead of scrolling (a scrollable region keyboard users cannot reach, axe).
 */
const Alert = forwardRef<unknown, AlertProps>(
  (
    {
      severity = 'success',
      variant = 'standard',
      color,
      icon,
      action,
      onClose,
      closeText = 'Close',
      slotProps,
      children,
      ...rest
    },
    ref,
  ) => {
    const tone = color ?? severity;
    const Icon = ICONS[tone];
    const close = onClose ? (
      <button
        type="button"
        className="kit-icon-button kit-icon-button-small kit-c-inherit"
        aria-label={closeText}
        title={closeText}
        {...slotProps?.closeButton}
        onClick={(event) => {
          onClose(event);
        }}
      >
        <CloseIcon fontSize="small" />
      </button>
    ) : null;
    return render(
      'div',
      cx('kit-alert', `kit-alert-${variant}`, `kit-tone-${tone}`),
      {
        role: 'alert',
        ...rest,
        children: (
          <>
            {icon !== false && <div className="kit-alert-icon">{icon ?? <Icon fontSize="inherit" />}</div>}
            <div className="kit-alert-message">{children}</div>
            {(action ?? close) && <div className="kit-alert-action">{action ?? close}</div>}
          </>
        ),
      },
      ref,
    );
  },
);
Alert.displayName = 'Alert';
export default Alert;
