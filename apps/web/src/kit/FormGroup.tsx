import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';

export type FormGroupProps = KitProps & { row?: boolean };

/** Checkboxes or radios one under the other (or in a `row`). */
const FormGroup = forwardRef<unknown, FormGroupProps>(({ row, ...rest }, ref) =>
  render('div', cx('kit-form-group', row && 'kit-form-group-row'), rest, ref),
);
FormGroup.displayName = 'FormGroup';
export default FormGroup;
