import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { useFormControl } from './form-context';

export type FormLabelProps = KitProps & { error?: boolean; required?: boolean; disabled?: boolean };

/** A control's or a group's label (`component="legend"` in a fieldset), with the asterisk when required. */
const FormLabel = forwardRef<unknown, FormLabelProps>(
  ({ error, required, disabled, children, ...rest }, ref) => {
    const state = useFormControl();
    const shownRequired = required ?? state.required;
    return render(
      'label',
      cx(
        'kit-form-label',
        (error ?? state.error) && 'kit-error',
        (disabled ?? state.disabled) && 'kit-disabled',
      ),
      {
        ...rest,
        children: (
          <>
            {children}
            {shownRequired && (
              <span aria-hidden="true" className="kit-asterisk">
                {'\u2009*'}
              </span>
            )}
          </>
        ),
      },
      ref,
    );
  },
);
FormLabel.displayName = 'FormLabel';
export default FormLabel;
