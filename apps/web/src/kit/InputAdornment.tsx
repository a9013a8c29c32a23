import { forwardRef } from 'react';
import { cx, render, type KitProps } from './base';

export type InputAdornmentProps = KitProps & { position: 'start' | 'end' };

/** Something before or after a text field's value (a currency sign, a search icon, a clear button). */
const InputAdornment = forwardRef<unknown, InputAdornmentProps>(({ position, ...rest }, ref) =>
  render('div', cx('kit-input-adornment', `kit-input-adornment-${position}`), rest, ref),
);
InputAdornment.displayName = 'InputAdornment';
export default InputAdornment;
