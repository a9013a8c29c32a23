import { cloneElement, forwardRef, type ReactElement, type ReactNode } from 'react';
import { cx, render, type KitProps } from './base';
import { useFormControl } from './form-context';

export type FormControlLabelProps = Omit<KitProps, 'value'> & {
  control: ReactElement;
  label: ReactNode;
  disabled?: boolean;
  /** A radio's value (given to the control). */
  value?: unknown;
  labelPlacement?: 'end' | 'start';
};

/** A checkbox or radio with its text; the whole label is the click target. */
const FormControlLabel = forwardRef<unknown, FormControlLabelProps>(
  ({ control, label, disabled, value, labelPlacement = 'end', ...rest }, ref) => {
    const state = useFormControl();
    const controlProps = control.props as { disabled?: boolean };
    const off = disabled ?? controlProps.disabled ?? state.disabled;
    const input = cloneElement(control, {
      ...(off !== undefined ? { disabled: off } : {}),
      ...(value !== undefined ? { value } : {}),
    } as never);
    return render(
      'label',
      cx('kit-form-control-label', labelPlacement === 'start' && 'kit-label-start', off && 'kit-disabled'),
      {
        ...rest,
        children: (
          <>
            {input}
            <span className="kit-form-control-label-text">{label}</span>
          </>
        ),
      },
      ref,
    );
  },
);
FormControlLabel.displayName = 'FormControlLabel';
export default FormControlLabel;
