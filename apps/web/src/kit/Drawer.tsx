import { useState, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { useModal, type OnClose } from './modal';
import type { SxProps } from './sx';

export type DrawerProps = Omit<KitProps, 'onClose'> & {
  open: boolean;
  onClose?: OnClose;
  anchor?: 'left' | 'right';
  /** The panel's props as MUI takes them (`id`, `role`, `aria-*`, `sx`): here the panel is the <dialog>. */
  slotProps?: { paper?: KitProps & { sx?: SxProps } & Record<string, unknown> };
  children?: ReactNode;
};

/**
 * A modal side panel (MUI's temporary Drawer): a native <dialog> shown with showModal() along the left or
 * right edge, full height, on a dimmed backdrop. Escape and a click on the backdrop call `onClose`; focus
 * moves into it and goes back to the opener when it closes.
 */
export default function Drawer({
  open,
  onClose,
  anchor = 'left',
  slotProps,
  children,
  className,
  id,
  ...rest
}: DrawerProps) {
  // A callback ref: the modal opens once the element exists.
  const [node, setNode] = useState<HTMLDialogElement | null>(null);
  const handlers = useModal(node, open, onClose);
  if (!open) return null;
  const {
    sx: paperSx,
    className: paperClass,
    style: paperStyle,
    id: paperId,
    ...paper
  } = slotProps?.paper ?? {};
  const classes = cx(
    'kit-drawer kit-paper kit-square kit-elevation-16',
    `kit-drawer-${anchor}`,
    className,
    paperClass,
  );
  const sx = [rest.sx, paperSx].filter(Boolean) as SxProps;
  return render(
    'dialog',
    classes,
    {
      ...rest,
      ...paper,
      id: paperId ?? id,
      ...handlers,
      sx,
      style: { ...rest.style, ...(paperStyle as object) },
      children,
    },
    setNode,
  );
}
