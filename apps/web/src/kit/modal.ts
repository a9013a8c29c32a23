import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';

export type CloseReason = 'escapeKeyDown' | 'backdropClick';
export type OnClose = (event: SyntheticEvent | Event, reason: CloseReason) => void;

/** Opens a native <dialog> as a modal (top layer, the page behind inert, focus inside) while mounted. */
export function showModal(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  try {
    if (typeof dialog.showModal === 'function') {
      dialog.showModal();
      return;
    }
  } catch {
    // Not connected yet, or an engine without modal dialogs (happy-dom): the `open` attribute shows it.
  }
  dialog.setAttribute('open', '');
}

function closeDialog(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  dialog.removeAttribute('open');
}

function focusable(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && typeof element.focus === 'function';
}

/**
 * A native <dialog> shown as a modal while its component is mounted and `open`: Escape and a click on the
 * backdrop call `onClose` (unless it is missing or Escape is disabled: the dialog then stays), and focus
 * goes back to the element that had it when the dialog opened. The page decides whether it closes: the
 * browser never closes it by itself.
 */
export function useModal(
  dialog: HTMLDialogElement | null,
  open: boolean,
  onClose: OnClose | undefined,
  disableEscapeKeyDown = false,
) {
  const latest = useRef({ onClose, disableEscapeKeyDown });
  useLayoutEffect(() => {
    latest.current = { onClose, disableEscapeKeyDown };
  });
  const pressedOutside = useRef(false);

  useLayoutEffect(() => {
    if (!open || !dialog) return undefined;
    const opener = document.activeElement;
    showModal(dialog);
    // As MUI's modal did: focus on the element marked autofocus, else on the dialog itself (its name is
    // read first; the first Tab goes to its first control).
    const auto = dialog.querySelector<HTMLElement>('[autofocus]');
    if (auto) auto.focus();
    else {
      if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
      dialog.focus();
    }
    // Escape that reached the browser anyway (its close request, e.g. a phone's back gesture): the page
    // decides; a dialog the browser closed regardless opens again while the page wants it.
    const cancel = (event: Event) => {
      event.preventDefault();
      if (!latest.current.disableEscapeKeyDown) latest.current.onClose?.(event, 'escapeKeyDown');
    };
    const closed = () => {
      if (dialog.isConnected) showModal(dialog);
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('close', closed);
      const active = document.activeElement;
      const hadFocus = !active || active === document.body || dialog.contains(active);
      closeDialog(dialog);
      if (hadFocus && focusable(opener) && opener.isConnected) opener.focus();
    };
  }, [open, dialog]);

  const outside = (event: MouseEvent) => {
    if (!dialog || event.target !== dialog) return false;
    const box = dialog.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return true;
    return (
      event.clientX < box.left ||
      event.clientX > box.right ||
      event.clientY < box.top ||
      event.clientY > box.bottom
    );
  };

  return {
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // The page closes it (or not): the browser's own Escape would close it behind the page's back.
      event.preventDefault();
      event.stopPropagation();
      if (!latest.current.disableEscapeKeyDown) latest.current.onClose?.(event, 'escapeKeyDown');
    },
    onMouseDown: (event: MouseEvent<HTMLDialogElement>) => {
      pressedOutside.current = outside(event);
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (pressedOutside.current && outside(event)) latest.current.onClose?.(event, 'backdropClick');
      pressedOutside.current = false;
    },
  };
}
