import { useTranslation } from 'react-i18next';
import type { Provider } from '@portal/contracts';
import { PROVIDER_LANGUAGES } from '@portal/domain';
import { loose } from '../../../i18n/loose';
import { localeOf } from '../../../ui/format';

/** How practitioners and their languages are named in the reader's language. */
export function useProviderText() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'code' });
  const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  /** A language by its BCP 47 code, as the reader's language names it in a sentence ("Spanish", "español"). */
  const language = (code: string) => names.of(code) ?? code;
  return {
    language,
    /** "English, Haitian Creole, and French" / "inglés, criollo haitiano y francés". */
    languages: (codes: readonly string[]) =>
      new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(codes.map(language)),
    /** Every language of the directory, in the reader's alphabetical order. */
    languageOptions: () =>
      // A choice in a list starts with a capital ("Español"), as a sentence's word does not.
      PROVIDER_LANGUAGES.map((code) => ({ value: code, label: capitalised(language(code)) })).sort((a, b) =>
        a.label.localeCompare(b.label, locale),
      ),
    /** "Dr. Nadège Alexis, MD" (physicians get the title, in the reader's language and the provider's gender); "Keisha Brooks, NP". */
    name: (provider: Pick<Provider, 'firstName' | 'lastName' | 'credential' | 'gender'>) => {
      const doctor = provider.credential === 'MD' || provider.credential === 'DO';
      const title = doctor ? `${loose(t)('pcpSelect.doctorTitle', { context: provider.gender })} ` : '';
      return `${title}${provider.firstName} ${provider.lastName}, ${provider.credential}`;
    },
  };
}
