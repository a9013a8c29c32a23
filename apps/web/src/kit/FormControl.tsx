import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { FormControlContext } from './form-context';

export type FormControlProps = KitProps & {
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
};

/**
 * A control with its label and helper text; `component="fieldset"` (with a FormLabel `component="legend"`)
 * for a group of radios or checkboxes. Its error, required and disabled reach the label and the text.
 */
const FormControl = forwardRef<unknown, FormControlProps>(
  ({ error, required, disabled, fullWidth, size, component, ...rest }, ref) => (
    <FormControlContext.Provider value={{ error, required, disabled }}>
      {render(
        'div',
        cx(
          'kit-form-control',
          size === 'small' && 'kit-form-control-small',
          component === 'fieldset' && 'kit-form-fieldset',
          fullWidth && 'kit-full-width',
        ),
        { ...rest, component, ...(component === 'fieldset' && disabled ? { disabled: true } : {}) },
        ref,
      )}
    </FormControlContext.Provider>
  ),
);
FormControl.displayName = 'FormControl';
export default FormControl;
