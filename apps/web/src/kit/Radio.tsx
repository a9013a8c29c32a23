import { forwardRef, useContext, type ChangeEvent, type Ref } from 'react';
import { cx, type KitProps } from './base';
import { resolveSx } from './sx';
import { RadioGroupContext } from './form-context';

export type RadioProps = Omit<KitProps, 'onChange' | 'value'> & {
  value?: unknown;
  checked?: boolean;
  disabled?: boolean;
  name?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>, checked: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  color?: string;
};

/** The browser's own radio button in the theme's colour; inside a RadioGroup it takes its name and value. */
const Radio = forwardRef<HTMLInputElement, RadioProps>(
  (
    { value, checked, disabled, name, onChange, inputRef, size, color, sx, className, style, ...rest },
    ref,
  ) => {
    const group = useContext(RadioGroupContext);
    const off = disabled ?? group?.disabled;
    const root = resolveSx(
      sx,
      cx(
        'kit-checkbox',
        'kit-radio',
        color && color !== 'default' && `kit-c-${color}`,
        size === 'small' && 'kit-checkbox-small',
        off && 'kit-disabled',
        className,
      ),
      style,
    );
    const shownChecked = checked ?? (group && group.value !== undefined ? group.value === value : undefined);
    return (
      <span className={root.className} style={root.style}>
        <input
          type="radio"
          className="kit-checkbox-input"
          name={name ?? group?.name}
          value={value as string | undefined}
          checked={shownChecked}
          disabled={off}
          onChange={(event) => {
            onChange?.(event, event.target.checked);
            group?.onChange?.(event);
          }}
          onBlur={group?.onBlur}
          {...rest}
          ref={(node) => {
            for (const each of [ref, inputRef]) {
              if (typeof each === 'function') each(node);
              else if (each) (each as { current: unknown }).current = node;
            }
          }}
        />
      </span>
    );
  },
);
Radio.displayName = 'Radio';
export default Radio;
