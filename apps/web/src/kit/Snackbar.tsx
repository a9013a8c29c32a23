import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { cx, render, type KitProps } from './base';

export type SnackbarCloseReason = 'timeout' | 'clickaway' | 'escapeKeyDown';

export type SnackbarProps = Omit<KitProps, 'onClose' | 'action'> & {
  open: boolean;
  /** Milliseconds before it asks to close ('timeout'); the time stops while the pointer or focus is on it. */
  autoHideDuration?: number | null;
  onClose?: (event: Event | SyntheticEvent | null, reason: SnackbarCloseReason) => void;
  message?: ReactNode;
  action?: ReactNode;
};

/**
 * A short message at the bottom of the window (MUI's Snackbar): dark, with its action after the text,
 * announced as an alert. It asks to close after `autoHideDuration` ('timeout', paused while hovered or
 * focused, WCAG 2.2.1) and on Escape ('escapeKeyDown'); a click elsewhere is 'clickaway'.
 */
export default function Snackbar({
  open,
  autoHideDuration,
  onClose,
  message,
  action,
  className,
  ...rest
}: SnackbarProps) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const latest = useRef(onClose);
  useLayoutEffect(() => {
    latest.current = onClose;
  });
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!open || paused || autoHideDuration === null || autoHideDuration === undefined) return undefined;
    const timer = setTimeout(() => latest.current?.(null, 'timeout'), autoHideDuration);
    return () => {
      clearTimeout(timer);
    };
  }, [open, paused, autoHideDuration]);

  useEffect(() => {
    if (!open) return undefined;
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latest.current?.(event, 'escapeKeyDown');
    };
    const click = (event: MouseEvent) => {
      if (event.target instanceof Node && node?.contains(event.target)) return;
      latest.current?.(event, 'clickaway');
    };
    document.addEventListener('keydown', key);
    document.addEventListener('click', click);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('click', click);
    };
  }, [open, node]);

  if (!open) return null;
  const pause = () => {
    setPaused(true);
  };
  const resume = () => {
    setPaused(false);
  };
  return render(
    'div',
    cx('kit-snackbar', className),
    {
      ...rest,
      onMouseEnter: pause,
      onMouseLeave: resume,
      onFocus: pause,
      onBlur: resume,
      children: (
        <div className="kit-snackbar-content" role="alert">
          <div className="kit-snackbar-message">{message}</div>
          {action && <div className="kit-snackbar-action">{action}</div>}
        </div>
      ),
    },
    setNode,
  );
}
