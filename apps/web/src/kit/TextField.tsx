import {
  Children,
  forwardRef,
  isValidElement,
  useId,
  type ChangeEventHandler,
  type CSSProperties,
  type FocusEventHandler,
  type KeyboardEventHandler,
  type ReactNode,
  type Ref,
} from 'react';
import { cx } from './base';
import { resolveSx, type SxProps } from './sx';
import { SelectContext } from './form-context';

type Attributes = Record<string, unknown> & { style?: CSSProperties; className?: string };

export interface TextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  type?: string;
  value?: unknown;
  defaultValue?: unknown;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  maxRows?: number;
  /** A native <select> whose options are the MenuItem children. */
  select?: boolean;
  children?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  inputRef?: Ref<unknown>;
  sx?: SxProps;
  className?: string;
  style?: CSSProperties;
  slotProps?: {
    /** Attributes of the input (or select, or textarea) itself. */
    htmlInput?: Attributes;
    /** The box around it: `startAdornment`, `endAdornment`, `readOnly`. */
    input?: Attributes & { startAdornment?: ReactNode; endAdornment?: ReactNode; readOnly?: boolean };
    /** Kept for the call sites written for MUI; the label always sits on the border (no shift). */
    inputLabel?: Attributes & { shrink?: boolean };
    select?: Attributes & { displayEmpty?: boolean; native?: boolean };
    formHelperText?: Attributes;
  };
  [data: `data-${string}`]: unknown;
}

function setRefs(...refs: Array<Ref<unknown> | undefined>) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as { current: unknown }).current = node;
    }
  };
}

/** Whether a select's children include an option for the value ''. */
function hasEmptyOption(children: ReactNode): boolean {
  return Children.toArray(children).some(
    (child) => isValidElement(child) && (child.props as { value?: unknown }).value === '',
  );
}

/**
 * A text field in MUI's outlined look: its label on the border (always there, so nothing moves when the
 * field gets a value), the helper or error text under it and tied to it with aria-describedby, a red
 * border and `aria-invalid` on error. `select` makes it a native <select> of its MenuItem children
 * (keyboard and screen readers know it; on a phone the system's own picker opens).
 */
const TextField = forwardRef<unknown, TextFieldProps>((props, ref) => {
  const {
    id: givenId,
    name,
    label,
    helperText,
    error,
    required,
    disabled,
    fullWidth,
    size = 'medium',
    type,
    value,
    defaultValue,
    placeholder,
    autoComplete,
    autoFocus,
    multiline,
    rows,
    minRows,
    maxRows,
    select,
    children,
    onChange,
    onBlur,
    onFocus,
    onKeyDown,
    inputRef,
    sx,
    className,
    style,
    slotProps = {},
    ...rest
  } = props;
  const automatic = useId();
  const id = givenId ?? `field-${automatic.replace(/:/g, '')}`;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const labelId = label ? `${id}-label` : undefined;
  const {
    startAdornment,
    endAdornment,
    readOnly,
    className: inputClass,
    style: inputStyle,
    ...inputRest
  } = slotProps.input ?? {};
  const { className: labelClass, ...labelRest } = slotProps.inputLabel ?? {};
  delete labelRest.shrink;
  const selectRest = { ...slotProps.select };
  delete selectRest.displayEmpty;
  delete selectRest.native;
  const { style: htmlStyle, className: htmlClass, ...htmlRest } = slotProps.htmlInput ?? {};
  const describedBy = cx(helperId, htmlRest['aria-describedby'] as string | undefined);
  const common = {
    id,
    name,
    value: value as string | undefined,
    defaultValue: defaultValue as string | undefined,
    required,
    disabled,
    autoFocus,
    onChange,
    onBlur,
    onFocus,
    onKeyDown,
    ...(readOnly ? { readOnly } : {}),
    ...htmlRest,
    'aria-invalid': error ? true : (htmlRest['aria-invalid'] as boolean | undefined),
    'aria-describedby': describedBy,
    ref: setRefs(ref, inputRef, htmlRest.ref as Ref<unknown> | undefined),
    className: cx('kit-input', htmlClass),
    style: htmlStyle,
  };
  const lines = rows ?? minRows ?? 1;
  const control = select ? (
    <>
      <select {...common} {...selectRest} className={cx('kit-input', 'kit-select', htmlClass)}>
        {value === '' && !hasEmptyOption(children) && <option value="" disabled hidden />}
        <SelectContext.Provider value={true}>{children}</SelectContext.Provider>
      </select>
      <svg className="kit-select-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </>
  ) : multiline ? (
    <textarea
      {...common}
      placeholder={placeholder}
      autoComplete={autoComplete}
      rows={lines}
      className={cx('kit-input', 'kit-textarea', htmlClass)}
      style={{
        minHeight: `${lines * 1.4375}em`,
        ...(maxRows ? { maxHeight: `${maxRows * 1.4375}em` } : {}),
        ...(htmlStyle ?? {}),
      }}
    />
  ) : (
    <input {...common} type={type} placeholder={placeholder} autoComplete={autoComplete} />
  );
  const root = resolveSx(
    sx,
    cx(
      'kit-text-field',
      fullWidth && 'kit-full-width',
      size === 'small' && 'kit-text-field-small',
      error && 'kit-error',
      disabled && 'kit-disabled',
      className,
    ),
    style,
  );
  return (
    <div {...rest} className={root.className} style={root.style}>
      {label && (
        <label {...labelRest} id={labelId} htmlFor={id} className={cx('kit-input-label', labelClass)}>
          {label}
          {required && (
            <span aria-hidden="true" className="kit-asterisk">
              {'\u2009*'}
            </span>
          )}
        </label>
      )}
      <div
        {...inputRest}
        className={cx(
          'kit-input-root',
          multiline && 'kit-input-multiline',
          select && 'kit-input-select',
          Boolean(startAdornment) && 'kit-adorned-start',
          Boolean(endAdornment) && 'kit-adorned-end',
          inputClass,
        )}
        style={inputStyle}
      >
        {startAdornment}
        {control}
        {endAdornment}
        <fieldset aria-hidden="true" className="kit-outline">
          <legend className={cx(label ? 'kit-outline-notch' : 'kit-outline-plain')}>
            {label ? (
              <span>
                {label}
                {required && '\u2009*'}
              </span>
            ) : (
              <span className="kit-notranslate">{'\u200b'}</span>
            )}
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p {...(slotProps.formHelperText ?? {})} id={helperId} className="kit-helper-text">
          {helperText}
        </p>
      )}
    </div>
  );
});
TextField.displayName = 'TextField';
export default TextField;
