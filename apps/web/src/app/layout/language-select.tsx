import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '../../kit/Box';
import { useConfig } from '../../config/config-context';
import { changeLanguage, isLanguage } from '../../i18n';

/**
 * Language selector: a plain native select with its label, so it works with every keyboard and
 * screen reader (and keeps the form-field library off the first screen).
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const supported = useConfig().account.languages.supported;
  const id = useId();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="label" htmlFor={id} sx={{ typography: 'body2' }}>
        {t('app.language')}
      </Box>
      <Box
        component="select"
        id={id}
        value={i18n.language}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        sx={{
          font: 'inherit',
          fontSize: '0.875rem',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'grey.600',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          minHeight: 32,
        }}
      >
        {supported.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </Box>
    </Box>
  );
}
