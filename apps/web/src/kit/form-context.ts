import { createContext, useContext } from 'react';

/** What a FormControl tells its label, helper text and controls (as MUI's FormControl context). */
export interface FormControlState {
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
}
export const FormControlContext = createContext<FormControlState>({});
export const useFormControl = () => useContext(FormControlContext);

/** Set by a select (TextField `select`): MenuItems inside it render as native options. */
export const SelectContext = createContext(false);

/** Set by a RadioGroup: its radios' name, value and change handler. */
export interface RadioGroupState {
  name?: string;
  value?: unknown;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (event: React.FocusEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}
export const RadioGroupContext = createContext<RadioGroupState | null>(null);
