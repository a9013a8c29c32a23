import { forwardRef, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { cx, type KitProps } from './base';
import { resolveSx } from './sx';

export type CheckboxProps = Omit<KitProps, 'onChange' | 'value'> & {
  checked?: boolean;
  defaultChecked?: boolean;
  disabled?: boolean;
  name?: string;
  value?: unknown;
  required?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>, checked: boolean) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  color?: string;
  slotProps?: { input?: Record<string, unknown> };
};

/**
 * The browser's own checkbox in the theme's colour, with MUI's 9px padding around it (a 38px target,
 * WCAG 2.5.8); its focus is always visible.
 */
const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(
  (
    {
      checked,
      defaultChecked,
      disabled,
      name,
      value,
      required,
      onChange,
      onBlur,
      inputRef,
      size,
      color,
      slotProps,
      sx,
      className,
      style,
      ...rest
    },
    ref,
  ) => {
    const root = resolveSx(
      sx,
      cx(
        'kit-checkbox',
        color && color !== 'default' && `kit-c-${color}`,
        size === 'small' && 'kit-checkbox-small',
        disabled && 'kit-disabled',
        className,
      ),
      style,
    );
    const { ref: slotRef, ...input } = slotProps?.input ?? {};
    const refs = [ref, inputRef, slotRef as Ref<HTMLInputElement> | undefined];
    return (
      <span className={root.className} style={root.style}>
        <input
          type="checkbox"
          className="kit-checkbox-input"
          checked={checked}
          defaultChecked={defaultChecked}
          disabled={disabled}
          name={name}
          value={value as string | undefined}
          required={required}
          onChange={(event) => onChange?.(event, event.target.checked)}
          onBlur={onBlur}
          {...rest}
          {...input}
          ref={(node) => {
            for (const each of refs) {
              if (typeof each === 'function') each(node);
              else if (each) (each as { current: unknown }).current = node;
            }
          }}
        />
      </span>
    );
  },
);
Checkbox.displayName = 'Checkbox';
export default Checkbox;
