import 'i18next';
import type en from './locales/en';

// Translation keys are type-checked: `t('no.such.key')` does not compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
