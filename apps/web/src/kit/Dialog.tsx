import { useState, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { useModal, type OnClose } from './modal';
import type { SxProps } from './sx';

export type DialogProps = Omit<KitProps, 'onClose'> & {
  open: boolean;
  /** Escape or a click on the backdrop; without it the dialog stays until the page closes it. */
  onClose?: OnClose;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | false;
  fullWidth?: boolean;
  fullScreen?: boolean;
  /** 'body': the dialog grows with its content and the backdrop scrolls; 'paper' (default): the content scrolls. */
  scroll?: 'paper' | 'body';
  disableEscapeKeyDown?: boolean;
  /** The surface's props, as MUI takes them (`sx`, `id`, `data-*`): here the surface is the <dialog>. */
  slotProps?: { paper?: KitProps & { sx?: SxProps } & Record<string, unknown> };
  children?: ReactNode;
};

/**
 * A modal dialog: the native <dialog> shown with showModal() (top layer, the page behind inert, Tab kept
 * inside), on a dimmed backdrop; Escape and a click outside call `onClose`; focus goes back to the opener.
 * It names itself with the `aria-labelledby` the caller gives (its DialogTitle's id).
 */
export default function Dialog({
  open,
  onClose,
  maxWidth = 'sm',
  fullWidth,
  fullScreen,
  scroll = 'paper',
  disableEscapeKeyDown,
  slotProps,
  children,
  className,
  ...rest
}: DialogProps) {
  // A callback ref: the modal opens once the element exists.
  const [node, setNode] = useState<HTMLDialogElement | null>(null);
  const handlers = useModal(node, open, onClose, disableEscapeKeyDown);
  if (!open) return null;
  const { sx: paperSx, className: paperClass, style: paperStyle, ...paper } = slotProps?.paper ?? {};
  const classes = cx(
    'kit-dialog kit-paper kit-elevation-24',
    maxWidth ? `kit-dialog-${maxWidth}` : 'kit-dialog-none',
    fullWidth && 'kit-dialog-full-width',
    fullScreen && 'kit-dialog-full-screen',
    scroll === 'body' && 'kit-dialog-scroll-body',
    className,
    paperClass,
  );
  const sx = [rest.sx, paperSx].filter(Boolean) as SxProps;
  return render(
    'dialog',
    classes,
    { ...rest, ...paper, ...handlers, sx, style: { ...rest.style, ...(paperStyle as object) }, children },
    setNode,
  );
}
