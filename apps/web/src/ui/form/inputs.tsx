import { useEffect, type ReactNode } from 'react';
import { Controller, get, useFormContext, useFormState } from 'react-hook-form';
import Box from '../../kit/Box';
import Button from '../../kit/Button';
import Checkbox from '../../kit/Checkbox';
import FormControl from '../../kit/FormControl';
import FormControlLabel from '../../kit/FormControlLabel';
import FormHelperText from '../../kit/FormHelperText';
import FormLabel from '../../kit/FormLabel';
import InputAdornment from '../../kit/InputAdornment';
import MenuItem from '../../kit/MenuItem';
import Radio from '../../kit/Radio';
import RadioGroup from '../../kit/RadioGroup';
import TextField, { type TextFieldProps } from '../../kit/TextField';
import Typography from '../../kit/Typography';
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
  const { register, getValues } = useFormContext();
  // The form's starting value in the markup too: a server-rendered page (docs/decisions/058) shows it before
  // the page's code attaches the form (which sets it again, the same).
  const initial: unknown = getValues(props.name);
  const { label, error } = useInput(props);
  const {
    name,
    help,
    required,
    disabled,
    readOnly,
    type = 'text',
    autoComplete,
    inputMode,
    maxLength,
    multiline,
    prefix,
  } = props;
  return (
    <TextField
      {...register(name)}
      defaultValue={typeof initial === 'string' || typeof initial === 'number' ? initial : undefined}
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
        input: prefix
          ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }
          : undefined,
        htmlInput: {
          autoComplete,
          inputMode,
          maxLength,
          readOnly,
          ...(type === 'date' ? { max: '9999-12-31' } : {}),
          spellCheck: type === 'text' && !inputMode ? undefined : false,
        },
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
          slotProps={{
            htmlInput: { name: props.name },
            select: { displayEmpty: hasEmptyOption },
            inputLabel: hasEmptyOption ? { shrink: true } : {},
          }}
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
    <FormControl
      component="fieldset"
      error={error !== undefined}
      required={props.required}
      disabled={props.disabled}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <Controller
        control={control}
        name={props.name}
        render={({ field }) => (
          <RadioGroup {...field} value={(field.value as string | undefined) ?? ''} row={props.row}>
            {props.options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
                disabled={option.disabled}
              />
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
                slotProps={{ input: { name: field.name, ref: field.ref } }}
              />
            }
          />
        )}
      />
      {(error ?? props.help) && <FormHelperText>{error ?? props.help}</FormHelperText>}
    </FormControl>
  );
}

/** A file chosen in a {@link FileInput}: what the API takes (base64), plus its size for the page to show. */
export interface FileValue {
  fileName: string;
  contentType: string;
  contentBase64: string;
  sizeBytes: number;
}

/** The file as base64 (without the data-URL prefix). */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('the file could not be read'));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * An optional file (a document for a request), as the browser's own file input: keyboard and screen
 * readers know it. Its type and size are checked here for a quick answer (messages `file-type-not-accepted`,
 * `file-too-large`); the server checks the content itself and answers with the same codes.
 */
export function FileInput(
  props: BaseProps & {
    accept: readonly string[];
    maxBytes: number;
    removeLabel: string;
    chosenLabel: (file: FileValue) => string;
  },
) {
  const { control, setError, clearErrors } = useFormContext();
  const { label, error } = useInput(props);
  const inputId = `file-${props.name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const helpId = `${inputId}-help`;
  return (
    <Controller
      control={control}
      name={props.name}
      render={({ field }) => {
        const chosen = field.value as FileValue | undefined;
        const rule = (code: string, params: Record<string, string | number> = {}) => {
          field.onChange(undefined);
          setError(props.name, { type: 'client', message: JSON.stringify({ rule: code, params }) });
        };
        return (
          <FormControl error={error !== undefined} disabled={props.disabled}>
            <FormLabel htmlFor={inputId} sx={{ mb: 1 }}>
              {label}
            </FormLabel>
            {chosen ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography>{props.chosenLabel(chosen)}</Typography>
                <Button
                  variant="text"
                  onClick={() => {
                    field.onChange(undefined);
                    clearErrors(props.name);
                  }}
                >
                  {props.removeLabel}
                </Button>
              </Box>
            ) : (
              <Box
                component="input"
                id={inputId}
                type="file"
                name={field.name}
                ref={field.ref}
                accept={props.accept.join(',')}
                disabled={props.disabled}
                aria-describedby={helpId}
                aria-invalid={error !== undefined}
                onBlur={field.onBlur}
                onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  const problem = !props.accept.includes(file.type)
                    ? 'file-type-not-accepted'
                    : file.size > props.maxBytes
                      ? 'file-too-large'
                      : file.size === 0
                        ? 'file-empty'
                        : null;
                  if (problem) {
                    rule(
                      problem,
                      problem === 'file-too-large'
                        ? { maximumMb: Math.floor((props.maxBytes / 1024 / 1024) * 10) / 10 }
                        : {},
                    );
                    return;
                  }
                  void readAsBase64(file).then(
                    (contentBase64) => {
                      clearErrors(props.name);
                      field.onChange({
                        fileName: file.name,
                        contentType: file.type,
                        contentBase64,
                        sizeBytes: file.size,
                      } satisfies FileValue);
                    },
                    () => {
                      rule('file-unreadable');
                    },
                  );
                }}
                sx={{ font: 'inherit', maxWidth: '100%' }}
              />
            )}
            <FormHelperText id={helpId}>{error ?? props.help}</FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}
