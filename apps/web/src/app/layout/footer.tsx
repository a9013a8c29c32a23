import { useTranslation } from 'react-i18next';
import { footerLinks, isLanguage, type FooterLinkConfig } from '@portal/domain';
import Box from '../../kit/Box';
import Typography from '../../kit/Typography';
import type { AccountConfig } from '@portal/contracts';
import { useConfig } from '../../config/config-context';
import { useViewer } from '../../lib/viewer';
import { NewTabHint } from '../../ui/new-tab-hint';
import { LanguageSelect } from './language-select';
import { loose } from '../../i18n/loose';

/** account.json's footer keys in the shape of the domain's footer-link rules (SPEC §3). */
export function footerLinkConfig(account: AccountConfig): FooterLinkConfig {
  const { shared, en, es, pt } = account.footerLinks;
  return {
    shared,
    byLanguage: { en, es, pt },
    nondiscriminationByState: account.stateNondiscriminationNotice,
  };
}

/**
 * SPEC §2 footer: one link per configuration key, each opening in a new tab, with the id
 * `footer-button-<key>` and text translated by key; the nondiscrimination notice chosen by the
 * member's state (SPEC §4); the language selector and the version. Rebuilt when the language changes.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { account } = useConfig();
  const viewer = useViewer();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const links = footerLinks(footerLinkConfig(account), language, viewer?.memberState ?? null);
  return (
    <Box
      component="footer"
      sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: 3, mt: 'auto' }}
    >
      <Box
        sx={{
          maxWidth: 1200,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
        }}
      >
        {links.length > 0 && (
          <Box
            component="ul"
            aria-label={t('footer.label')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
          >
            {links.map((link) => (
              <li key={link.id}>
                <Box
                  component="a"
                  id={link.id}
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ color: 'inherit', fontSize: '0.875rem', textUnderlineOffset: 3 }}
                >
                  {loose(t)(link.labelKey)}
                  <NewTabHint />
                </Box>
              </li>
            ))}
          </Box>
        )}
        <Box
          sx={{
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
          }}
        >
          <LanguageSelect />
          <Typography variant="body2">
            {t('footer.copyright', { issuer: account.tenant.issuerName, year: new Date().getFullYear() })}
          </Typography>
          <Typography variant="body2">{t('app.version', { version: __APP_VERSION__ })}</Typography>
        </Box>
      </Box>
    </Box>
  );
}
