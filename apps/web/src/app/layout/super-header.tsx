import { useTranslation } from 'react-i18next';
import Box from '../../kit/Box';
import Typography from '../../kit/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import { useConfig } from '../../config/config-context';
import { PHONE_MARK, PhoneText } from '../../ui/phone-text';

/**
 * SPEC §2 optional super header (displaySuperHeader) with configurable colours: text white and icon
 * teal unless configured. theme.json's `superHeader` colours win over account.json's, so a tenant can
 * keep all its colours in the theme.
 */
export function SuperHeader() {
  const { t } = useTranslation();
  const { account, theme } = useConfig();
  if (!account.header.displaySuperHeader) return null;
  const background = theme.superHeader.backgroundColor ?? account.header.superHeaderColor;
  const text = theme.superHeader.textColor ?? account.header.superHeaderTextColor;
  const icon = theme.superHeader.iconColor ?? account.header.superHeaderIconColor;
  const phone = account.tenant.supportPhone;
  return (
    <Box
      sx={{
        bgcolor: background,
        color: text,
        px: 2,
        py: 0.5,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 32,
      }}
    >
      <PhoneIcon fontSize="small" sx={{ color: icon }} aria-hidden="true" />
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        {phone ? (
          <PhoneText sentence={t('superHeader.callUs', { phone: PHONE_MARK })} phone={phone} />
        ) : (
          t('superHeader.welcome', { issuer: account.tenant.issuerName })
        )}
      </Typography>
    </Box>
  );
}
