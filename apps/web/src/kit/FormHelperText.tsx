import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';
import { useFormControl } from './form-context';

export type FormHelperTextProps = KitProps & { error?: boolean };

/** The help or error text under a control (in the error colour when its FormControl has an error). */
const FormHelperText = forwardRef<unknown, FormHelperTextProps>(({ error, ...rest }, ref) => {
  const state = useFormControl();
  return render('p', cx('kit-helper-text', (error ?? state.error) && 'kit-error'), rest, ref);
});
FormHelperText.displayName = 'FormHelperText';
export default FormHelperText;
