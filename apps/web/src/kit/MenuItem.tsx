import { forwardRef, useContext, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { cx, render, type KitProps } from './base';
import { SelectContext } from './form-context';

export type MenuItemProps = KitProps & {
  value?: string | number;
  selected?: boolean;
  disabled?: boolean;
  divider?: boolean;
  dense?: boolean;
  /** Focus it when it mounts (a menu opening on its first or selected item). */
  autoFocus?: boolean;
  children?: ReactNode;
};

/** Text of an option: a native <option> holds text only. */
function text(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(text).join('');
  if (typeof node === 'object' && 'props' in node)
    return text((node.props as { children?: ReactNode }).children);
  return '';
}

/**
 * A choice. Inside a select (TextField `select`) it is a native `<option>`; elsewhere a menu's item:
 * `<li role="menuitem">` (or the `component` given, e.g. a router link with `to`), focusable by the
 * menu's arrow keys, with its focus always visible.
 */
const MenuItem = forwardRef<unknown, MenuItemProps>(
  ({ value, selected, disabled, divider, dense, autoFocus, children, component, ...rest }, ref) => {
    const inSelect = useContext(SelectContext);
    const own = useRef<HTMLElement | null>(null);
    useEffect(() => {
      if (autoFocus && !inSelect) own.current?.focus();
    }, [autoFocus, inSelect]);
    if (inSelect)
      return (
        <option value={value} disabled={disabled} ref={ref as Ref<HTMLOptionElement>}>
          {text(children)}
        </option>
      );
    const setRef = (node: HTMLElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    };
    return render(
      'li',
      cx(
        'kit-menu-item',
        selected && 'kit-selected',
        disabled && 'kit-disabled',
        divider && 'kit-menu-item-divider',
        dense && 'kit-menu-item-dense',
      ),
      {
        role: 'menuitem',
        tabIndex: -1,
        ...rest,
        component,
        ...(disabled ? { 'aria-disabled': true, onClick: undefined } : {}),
        ...(value !== undefined ? { 'data-value': value } : {}),
        children,
      },
      setRef,
    );
  },
);
MenuItem.displayName = 'MenuItem';
export default MenuItem;
