import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import { changeLanguage, isLanguage, LANGUAGES } from '../../i18n';

/** Language switcher: a native select, so it works with every keyboard and screen reader. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <FormControl size="small" variant="standard" sx={{ minWidth: 140 }}>
      <InputLabel htmlFor={id} sx={{ color: 'inherit' }}>
        {t('app.language')}
      </InputLabel>
      <NativeSelect
        id={id}
        value={i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        sx={{ color: 'inherit', '& option': { color: 'text.primary' } }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
