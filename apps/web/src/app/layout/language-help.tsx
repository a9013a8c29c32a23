import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '../../kit/Button';
import Box from '../../kit/Box';
import TranslateIcon from '@mui/icons-material/Translate';
import { useConfig } from '../../config/config-context';
import { NewTabHint } from '../../ui/new-tab-hint';
import { loose } from '../../i18n/loose';

const LanguageMenuList = lazy(() =>
  import('./popup-menus').then((module) => ({ default: module.LanguageMenuList })),
);

/** SPEC §2: the language-assistance link (taglines in many languages), opening in a new tab. */
export function LanguageAssistanceLink({ color = 'inherit' }: { color?: string }) {
  const { t } = useTranslation();
  const url = useConfig().account.languageAssistanceUrl;
  if (!url) return null;
  return (
    <Box
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ color, fontSize: '0.875rem', whiteSpace: 'nowrap', textUnderlineOffset: 3 }}
    >
      {t('header.languageAssistance')}
      <NewTabHint />
    </Box>
  );
}

/** SPEC §2 language switcher in the header: a menu of the tenant's languages, each named in itself. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = loose(t)(`languages.${i18n.language}`);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon aria-hidden="true" />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={t('header.changeLanguage', { language: current })}
        onClick={(event) => {
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none' }}
      >
        <span lang={i18n.language}>{current}</span>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => {
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
