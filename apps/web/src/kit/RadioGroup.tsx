import { forwardRef, useId, type ChangeEvent, type FocusEvent } from 'react';
import { cx, render, type KitProps } from './base';
import { RadioGroupContext } from './form-context';

export type RadioGroupProps = Omit<KitProps, 'onChange' | 'onBlur' | 'value'> & {
  name?: string;
  value?: unknown;
  row?: boolean;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>, value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

/** Radio buttons sharing a name (the browser's arrow keys move among them). */
const RadioGroup = forwardRef<unknown, RadioGroupProps>(
  ({ name, value, row, disabled, onChange, onBlur, ...rest }, ref) => {
    const automatic = useId();
    return (
      <RadioGroupContext.Provider
        value={{
          name: name ?? `radios-${automatic.replace(/:/g, '')}`,
          value,
          disabled,
          onBlur,
          onChange: (event) => onChange?.(event, event.target.value),
        }}
      >
        {render(
          'div',
          cx('kit-form-group', row && 'kit-form-group-row'),
          { role: 'radiogroup', ...rest },
          ref,
        )}
      </RadioGroupContext.Provider>
    );
  },
);
RadioGroup.displayName = 'RadioGroup';
export default RadioGroup;
