// The form kit (docs/decisions/014): every form of the portal is built from these.
export { PortalForm, type PortalFormProps } from './portal-form';
export {
  CheckboxInput,
  DateInput,
  FileInput,
  MoneyInput,
  RadioInput,
  SelectInput,
  TextInput,
  type FileValue,
  type Option,
  type TextInputProps,
} from './inputs';
export { useCommand, type Command, type CommandOptions } from './use-command';
export { contractResolver, zodResolver } from './zod-resolver';
export { problemMessageKey, isTransient, isUnexpected } from './problem-message';
export type { FieldKey } from './field-registry';
