import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';

export type MenuProps = Omit<KitProps, 'onClose'> & {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose?: (event: Event | KeyboardEvent, reason: 'escapeKeyDown' | 'backdropClick' | 'tabKeyDown') => void;
  children?: ReactNode;
};

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';
const MARGIN = 16;

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>(ITEMS)) : [];
}

type Popover = HTMLElement & { showPopover?: () => void; hidePopover?: () => void };

/** A click on the anchor that closed the menu must not open it again. */
function swallowNextClickOn(anchor: HTMLElement) {
  const swallow = (event: MouseEvent) => {
    document.removeEventListener('click', swallow, true);
    if (event.target instanceof Node && anchor.contains(event.target)) {
      event.stopPropagation();
      event.preventDefault();
    }
  };
  document.addEventListener('click', swallow, true);
}

/**
 * A pop-up menu under its anchor (role="menu"; its items are `[role="menuitem"]`, kit/MenuItem): shown in
 * the top layer (popover) so nothing covers it. It opens with focus on the selected item or the first;
 * Up/Down/Home/End move among the items, Enter and Space choose one; Escape, Tab and a click outside close
 * it, and focus goes back to the anchor.
 */
export default function Menu({ anchorEl, open, onClose, children, className, style, ...rest }: MenuProps) {
  const [node, setNode] = useState<HTMLUListElement | null>(null);
  const latest = useRef(onClose);
  useLayoutEffect(() => {
    latest.current = onClose;
  });
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const first = anchorEl?.getBoundingClientRect();

  useLayoutEffect(() => {
    const menu = node as Popover | null;
    if (!open || !menu) return undefined;
    if (typeof menu.showPopover === 'function') {
      try {
        menu.showPopover();
      } catch {
        // Already shown.
      }
    }
    const position = () => {
      if (!anchorEl) return;
      const at = anchorEl.getBoundingClientRect();
      const width = menu.offsetWidth;
      const height = menu.offsetHeight;
      const left = Math.max(MARGIN, Math.min(at.left, window.innerWidth - width - MARGIN));
      const below = at.bottom;
      const top = below + height > window.innerHeight - MARGIN ? Math.max(MARGIN, at.top - height) : below;
      setPlace({ top, left });
    };
    position();
    const list = items(menu);
    (list.find((item) => item.classList.contains('kit-selected')) ?? list[0] ?? menu).focus();
    const outside = (event: MouseEvent) => {
      if (event.target instanceof Node && menu.contains(event.target)) return;
      if (anchorEl && event.target instanceof Node && anchorEl.contains(event.target))
        swallowNextClickOn(anchorEl);
      latest.current?.(event, 'backdropClick');
    };
    document.addEventListener('mousedown', outside, true);
    window.addEventListener('resize', position);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      window.removeEventListener('resize', position);
      const active = document.activeElement;
      const hadFocus = !active || active === document.body || menu.contains(active);
      if (typeof menu.hidePopover === 'function' && menu.matches(':popover-open')) menu.hidePopover();
      if (hadFocus && anchorEl?.isConnected) anchorEl.focus();
    };
  }, [open, anchorEl, node]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items(node);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(at + 1);
        return;
      case 'ArrowUp':
        move(at < 0 ? -1 : at - 1);
        return;
      case 'Home':
        move(0);
        return;
      case 'End':
        move(-1);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        onClose?.(event, 'escapeKeyDown');
        return;
      case 'Tab':
        event.preventDefault();
        onClose?.(event, 'tabKeyDown');
        return;
      case 'Enter':
      case ' ': {
        const item = document.activeElement as HTMLElement | null;
        // A link or button chooses itself on Enter; a plain item is clicked.
        if (!item || at < 0 || (event.key === 'Enter' && (item.tagName === 'A' || item.tagName === 'BUTTON')))
          return;
        event.preventDefault();
        item.click();
        return;
      }
      default:
        return;
    }
  };

  return render(
    'ul',
    cx('kit-menu kit-paper kit-elevation-8', className),
    {
      ...rest,
      role: 'menu',
      tabIndex: -1,
      popover: 'manual',
      onKeyDown,
      style: { ...style, ...(place ?? { top: first?.bottom ?? 0, left: first?.left ?? 0 }) },
      children,
    },
    setNode,
  );
}
