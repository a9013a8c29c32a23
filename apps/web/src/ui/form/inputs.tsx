import { useEffect, type ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFieldRegistry, type FieldKey } from './field-registry';
import { useFieldText } from './use-field-message';

interface BaseProps {
  /** The form path (`amount`, `billing.zipCode`). */
  name: string;
  /** Its entry in the language files (`fields.<key>`): label and grammatical gender. */
  field: FieldKey;
  /** A label other than the field's usual name (the messages still use the field's gender). */
  label?: string;
  /** Shown under the input while there is no error. */
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Shown and sent, not changeable (a binder amount): unlike `disabled`, the value stays in the form. */
  readOnly?: boolean;
}

/** Registers the input with its form (for the form-invalid alert) and gives its label and error text. */
function useInput({ name, field, label }: BaseProps) {
  const registry = useFieldRegistry();
  useEffect(() => registry?.register(name, field), [registry, name, field]);
  const { errors } = useFormState({ name });
  const text = useFieldText();
  const error: { message?: string } | undefined = get(errors, name);
  const shownLabel = label ?? text.fieldName(field).label;
  return { label: shownLabel, error: error ? text.message(field, error, shownLabel) : undefined };
}

export interface TextInputProps extends BaseProps {
  type?: 'text' | 'email' | 'tel' | 'date' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  maxLength?: number;
  multiline?: boolean;
  /** Text before the value (a currency sign). */
  prefix?: string;
  slotProps?: TextFieldProps['slotProps'];
}

/** A text input bound to the form, with its translated label and message (SPEC §5). */
export function TextInput(props: TextInputProps) {
  const { register } = useFormContext();
  const { label, error } = useInput(props);
  const { name, help, required, disabled, readOnly, type = 'text', autoComplete, inputMode, maxLength, multiline, prefix } = props;
  return (
    <TextField
      {...register(name)}
      label={label}
      type={type}
      required={required}
      disabled={disabled}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={error !== undefined}
      helperText={error ?? help}
      slotProps={{
        ...(type === 'date' ? { inputLabel: { shrink: true } } : {}),
        input: prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : undefined,
        htmlInput: { autoComplete, inputMode, maxLength, readOnly, ...(type === 'date' ? { max: '9999-12-31' } : {}), spellCheck: type === 'text' && !inputMode ? undefined : false },
        ...props.slotProps,
      }}
    />
  );
}

/** A date input (`YYYY-MM-DD`). */
export const DateInput = (props: Omit<TextInputProps, 'type'>) => <TextInput {...props} type="date" />;

/** An amount in dollars as typed (`125.50`): the schema checks the two decimals and the limits. */
export const MoneyInput = (props: Omit<TextInputProps, 'type' | 'inputMode' | 'prefix'>) => (
  <TextInput {...props} inputMode="decimal" prefix="$" autoComplete="off" maxLength={props.maxLength ?? 12} />
);

export interface Option {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** A drop-down list bound to the form. */
export function SelectInput(props: BaseProps & { options: readonly Option[] }) {
  const { control } = useFormContext();
  const { label, error } = useInput(props);
  const hasEmptyOption = props.options.some((option) => option.value === '');
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          {...field}
          value={(field.value as string | undefined) ?? ''}
          label={label}
          required={props.required}
          disabled={props.disabled}
          error={error !== undefined}
          helperText={error ?? props.help}
          // An option whose value is '' ("any status") is a real choice: shown, with the label above it.
          slotProps={{ htmlInput: { name: props.name }, select: { displayEmpty: hasEmptyOption }, inputLabel: hasEmptyOption ? { shrink: true } : {} }}
        >
          {props.options.map((option) => (
            <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A choice among a few options, as radio buttons in a fieldset with a legend. */
export function RadioInput(props: BaseProps & { options: readonly Option[]; row?: boolean }) {
  const { control } = useFormContext();
  const { label, error } = useInput(props);
  return (
    <FormControl component="fieldset" error={error !== undefined} required={props.required} disabled={props.disabled}>
      <FormLabel component="legend">{label}</FormLabel>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <RadioGroup {...field} value={(field.value as string | undefined) ?? ''} row={props.row}>
            {props.options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} disabled={option.disabled} />
            ))}
          </RadioGroup>
        )}
      />
      {(error ?? props.help) && <FormHelperText>{error ?? props.help}</FormHelperText>}
    </FormControl>
  );
}

/** A yes/no choice. */
export function CheckboxInput(props: BaseProps) {
  const { control } = useFormContext();
  const { label, error } = useInput(props);
  return (
    <FormControl error={error !== undefined} disabled={props.disabled}>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
                slotProps={{ input: { name: field.name, ref: field.ref } as never }}
              />
            }
          />
        )}
      />
      {(error ?? props.help) && <FormHelperText>{error ?? props.help}</FormHelperText>}
    </FormControl>
  );
}
