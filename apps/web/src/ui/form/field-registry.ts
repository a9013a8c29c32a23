import { createContext, useContext } from 'react';
import type en from '../../i18n/locales/en';

/** A field's entry in the language files: `fields.<key>` holds its name and grammatical gender. */
export type FieldKey = keyof (typeof en)['fields'];

/** The inputs of one form, by form path: which `fields.<key>` names each (for messages and the alert). */
export interface FieldRegistry {
  register: (name: string, field: FieldKey) => () => void;
  fieldOf: (name: string) => FieldKey | undefined;
}

export const FieldRegistryContext = createContext<FieldRegistry | null>(null);

export function useFieldRegistry(): FieldRegistry | null {
  return useContext(FieldRegistryContext);
}
